// `npm run staff:create -- --email <e-mail> --username <name> [--admin]`: the first staff account
// of a database (or any later one). Prints a one-time link to set the password: no password is
// ever typed on the command line or written to a log. Run again for an account still invited, it
// prints a new link (the one before stops working).
// `npm run staff:create -- --reset-2fa --username <name>`: forgets a staff member's authenticator
// app and recovery codes (a lost phone, and no ADMIN left who could do it in the console); the next
// login sets up a new one. Both are written to the audit trail with the role 'CLI'.
import { ZAdminStaffInviteRequest, ZUsername } from '@giot-hong/contract';
import { parseArgs } from 'node:util';
import { loadConfig } from './config.ts';
import { openConfiguredDatabase } from './db/open.ts';
import { systemClock } from './lib/clock.ts';
import { createStaffRepository } from './modules/staff/staff.repository.ts';
import { SET_PASSWORD_LINK_HOURS, createStaffService } from './modules/staff/staff.service.ts';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    username: { type: 'string' },
    admin: { type: 'boolean', default: false },
    'reset-2fa': { type: 'boolean', default: false },
  },
});
const USAGE =
  'Cách dùng: npm run staff:create -- --email <e-mail> --username <tên đăng nhập> [--admin]\n' +
  '           npm run staff:create -- --reset-2fa --username <tên đăng nhập>';

if (values['reset-2fa']) {
  const username = ZUsername.safeParse(values.username);
  if (!username.success || values.email !== undefined || values.admin) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    await database.migrate();
    const member = await createStaffService({
      repo: createStaffRepository(database.db),
      clock: systemClock,
      publicUrl: config.publicUrl,
    }).resetSecondFactorOf(username.data);
    console.log(
      `Đã đặt lại xác thực hai lớp của "${member.username}": mọi phiên đăng nhập đã kết thúc, ` +
        'lần đăng nhập tới sẽ thiết lập ứng dụng xác thực mới.',
    );
  } catch (err) {
    console.error((err as Error).message);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
  process.exit();
}

const parsed = ZAdminStaffInviteRequest.safeParse({
  email: values.email,
  username: values.username,
  role: values.admin ? 'ADMIN' : 'STAFF',
});
if (!parsed.success) {
  console.error(USAGE);
  for (const issue of parsed.error.issues) console.error(`  ${issue.path.join('.')}: ${issue.message}`);
  process.exit(2);
}

const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  await database.migrate();
  const service = createStaffService({
    repo: createStaffRepository(database.db),
    clock: systemClock,
    publicUrl: config.publicUrl,
  });
  const { link, reinvited } = await service.createAccount(parsed.data, null);
  console.log(
    `${reinvited ? 'Đã tạo liên kết mới cho' : 'Đã tạo'} tài khoản ${parsed.data.role === 'ADMIN' ? 'quản trị' : 'cán bộ'} "${parsed.data.username}".\n` +
      `Mở liên kết sau trong ${SET_PASSWORD_LINK_HOURS} giờ để đặt mật khẩu (chỉ dùng được một lần):\n${link}`,
  );
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
