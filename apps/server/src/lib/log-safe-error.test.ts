import { API } from '@giot-hong/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoggedInUser } from '../../test/auth.ts';
import { createTestContext, DB_KINDS, type TestContext } from '../../test/helper.ts';

/** Personal values that must never reach the log, even when the database refuses them. */
const PERSONAL = {
  mobile: '0912345678',
  address: '17 Ngõ Bí Mật, Phường Hoàn Kiếm',
  job: 'Kỹ sư cầu đường',
  contactEmail: 'nguoi.rieng.tu@example.vn',
  name: 'Trần Thị Riêng Tư',
  message: 'Tôi muốn hỏi về lịch hiến máu của mình',
};

// On both databases (test/helper.ts, DB_KINDS): each driver's errors.
describe.each(DB_KINDS)('database errors in the log, on %s', (kind) => {
  let t: TestContext;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestContext(kind, {
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line) => void lines.push(line) },
    });
    // Every new or changed row is refused: the database's error quotes the row's values.
    await t.database.db.execute(
      sql.raw('alter table contact_messages add constraint refuse_all check (false) not valid'),
    );
    await t.database.db.execute(
      sql.raw('alter table donor_profiles add constraint refuse_all check (false) not valid'),
    );
  });
  afterAll(() => t.close());

  it('keep the error code and the query shape, never the values', async () => {
    const { auth } = await createLoggedInUser(t);
    const detail = await t.request({
      method: 'POST',
      url: API.userCreateDetail,
      headers: auth,
      payload: {
        email: PERSONAL.contactEmail,
        mobile: PERSONAL.mobile,
        job_name: PERSONAL.job,
        address_contact: PERSONAL.address,
      },
    });
    expect(detail.status).toBe(500);
    expect(detail.body).toMatchObject({ success: false, code: 'INTERNAL', data: null });
    const contact = await t.request({
      method: 'POST',
      url: API.contact,
      payload: { name: PERSONAL.name, email: PERSONAL.contactEmail, message: PERSONAL.message },
    });
    expect(contact.status).toBe(500);

    const errors = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'unhandled error');
    expect(errors).toHaveLength(2);
    for (const e of errors) {
      expect(e.err).toMatchObject({ type: 'DatabaseError', code: '23514', constraint: 'refuse_all' });
      expect(e.err.query).toMatch(/^insert into "(donor_profiles|contact_messages)"/);
      expect(e.err.query).toContain('$1');
    }
    const log = lines.join('\n');
    for (const value of Object.values(PERSONAL)) expect(log).not.toContain(value);
  });
});
