import { ADMIN_STAFF_API, API, ERROR_MESSAGES, STAFF_MESSAGES } from '@giot-hong/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { createLoggedInUser, login, loginStaff } from '../../../test/auth.ts';
import { createTestContext, DB_KINDS, type TestContext } from '../../../test/helper.ts';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.ts';

type Auth = Record<string, string>;

describe.each(DB_KINDS)('staff accounts (ADMIN) on %s', (kind) => {
  let t: TestContext;
  let smtp: SmtpSink;
  let admin: Auth;
  let staff: Auth;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestContext(kind, { env: { SMTP_URL: smtp.url } });
    admin = (await createLoggedInUser(t, { role: 'ADMIN' })).auth;
    staff = { authorization: `Bearer ${(await loginStaff(t)).accessToken}` };
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('refuses anonymous callers (401), donors and staff (403) on every staff-account route', async () => {
    const donor = (await createLoggedInUser(t)).auth;
    const routes = [
      ['GET', ADMIN_STAFF_API.list],
      ['POST', ADMIN_STAFF_API.invite],
      ['PUT', ADMIN_STAFF_API.role(1)],
      ['POST', ADMIN_STAFF_API.deactivate(1)],
    ] as const;
    for (const [method, url] of routes) {
      expect((await t.request({ method, url, payload: {} })).status, url).toBe(401);
      for (const auth of [donor, staff]) {
        const res = await t.request({ method, url, headers: auth, payload: {} });
        expect(res.status, url).toBe(403);
        expect(res.body.message).toBe(ERROR_MESSAGES.FORBIDDEN);
      }
    }
  });

  it('invites by e-mail: the link sets the password once, then the new staff member logs in', async () => {
    const res = await t.request({
      method: 'POST',
      url: ADMIN_STAFF_API.invite,
      headers: admin,
      payload: { email: 'mai.le@hoichuthapdo.vn', username: 'maile', role: 'STAFF' },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(STAFF_MESSAGES.invited);
    expect(res.body.data).toMatchObject({
      username: 'maile',
      role: 'STAFF',
      enabled: true,
      lastLoginAt: null,
    });
    const mail = await smtp.waitFor((m) => m.to.includes('mai.le@hoichuthapdo.vn'));
    expect(mail.subject).toBe(STAFF_MESSAGES.inviteSubject);
    const link = /(http\S+thay-doi-mat-khau#\S+)/.exec(mail.text)![1]!;
    const params = new URLSearchParams(new URL(link).hash.slice(1));
    const body = {
      email: params.get('email'),
      resetToken: params.get('token'),
      newPassword: 'Mua@Xuan#Tren!Song-Han42',
      confirmPassword: 'Mua@Xuan#Tren!Song-Han42',
    };
    const set = await t.request({ method: 'POST', url: API.authResetPassword, payload: body });
    expect(set.status).toBe(200);
    expect((await t.request({ method: 'POST', url: API.authResetPassword, payload: body })).status).toBe(400);
    const tokens = await login(t, 'maile', 'Mua@Xuan#Tren!Song-Han42');
    const me = await t.request({
      method: 'GET',
      url: API.authMe,
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    expect(me.body.data.role).toBe('STAFF');
    // The login is recorded: the staff page shows it.
    const listed = await t.request({ method: 'GET', url: ADMIN_STAFF_API.list, headers: admin });
    expect(listed.body.data.find((m: { username: string }) => m.username === 'maile')).toMatchObject({
      lastLoginAt: t.clock.now().toISOString(),
    });
    const again = await t.request({
      method: 'POST',
      url: ADMIN_STAFF_API.invite,
      headers: admin,
      payload: { email: 'MAI.LE@hoichuthapdo.vn', username: 'other', role: 'STAFF' },
    });
    expect(again.status).toBe(409);
  });

  it('changes a role at once and deactivation ends every session of the account', async () => {
    const member = await createLoggedInUser(t, { role: 'STAFF' });
    const adminRoute = { method: 'GET' as const, url: ADMIN_STAFF_API.list, headers: member.auth };
    expect((await t.request(adminRoute)).status).toBe(403);
    const promoted = await t.request({
      method: 'PUT',
      url: ADMIN_STAFF_API.role(member.user.id),
      headers: admin,
      payload: { role: 'ADMIN' },
    });
    expect(promoted.body.data.role).toBe('ADMIN');
    expect((await t.request(adminRoute)).status).toBe(200);
    const off = await t.request({
      method: 'POST',
      url: ADMIN_STAFF_API.deactivate(member.user.id),
      headers: admin,
    });
    expect(off.body).toMatchObject({ message: STAFF_MESSAGES.deactivated, data: { enabled: false } });
    expect((await t.request(adminRoute)).status).toBe(401);
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, member.user.id));
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(['staff.role', 'staff.deactivate']));
  });
});
