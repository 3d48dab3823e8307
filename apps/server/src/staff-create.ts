// `npm run staff:create -- --email <e-mail> --username <name> [--admin]`: the first staff account
// of a database (or any later one). Prints a one-time link to set the password: no password is
// ever typed on the command line or written to a log.
import { ZAdminStaffInviteRequest } from '@giot-hong/contract';
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
  },
});
const parsed = ZAdminStaffInviteRequest.safeParse({
  email: values.email,
  username: values.username,
  role: values.admin ? 'ADMIN' : 'STAFF',
});
if (!parsed.success) {
  console.error('Cách dùng: npm run staff:create -- --email <e-mail> --username <tên đăng nhập> [--admin]');
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
  const { link } = await service.createAccount(parsed.data, null);
  console.log(
    `Đã tạo tài khoản ${parsed.data.role === 'ADMIN' ? 'quản trị' : 'cán bộ'} "${parsed.data.username}".\n` +
      `Mở liên kết sau trong ${SET_PASSWORD_LINK_HOURS} giờ để đặt mật khẩu (chỉ dùng được một lần):\n${link}`,
  );
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
