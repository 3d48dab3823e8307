import {
  STAFF_INVITATION_MESSAGES,
  ADMIN_STAFF_API,
  API,
  ERROR_MESSAGES,
  SECOND_FACTOR_MESSAGES,
  STAFF_MESSAGES,
} from '@giot-hong/contract';
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, authSessions, secondFactors, staffInvitations, users } from '../../db/schema/index.ts';
import { createLoggedInUser, createUser, login, loginStaff } from '../../../test/auth.ts';
import { createStaffRepository } from './staff.repository.ts';
import { createStaffService } from './staff.service.ts';
import { createTestContext, DB_KINDS, type TestContext } from '../../../test/helper.ts';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.ts';

type Auth = Record<string, string>;

// On both databases (test/helper.ts, DB_KINDS): two ADMINs changing each other at once (an advisory lock).
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
      ['POST', ADMIN_STAFF_API.reactivate(1)],
      ['POST', ADMIN_STAFF_API.invitation(1)],
      ['POST', ADMIN_STAFF_API.resetSecondFactor(1)],
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
    const link = /(http\S+chao-mung-can-bo#\S+)/.exec(mail.text)![1]!;
    const params = new URLSearchParams(new URL(link).hash.slice(1));
    // The welcome page reads who is invited: the username to log in with.
    const invitation = await t.request({
      method: 'POST',
      url: API.authStaffInvitation,
      payload: { token: params.get('token') },
    });
    expect(invitation.body.data).toMatchObject({
      username: 'maile',
      email: 'mai.le@hoichuthapdo.vn',
      role: 'STAFF',
    });
    const unknown = await t.request({
      method: 'POST',
      url: API.authStaffInvitation,
      payload: { token: 'x'.repeat(43) },
    });
    expect([unknown.status, unknown.body.message]).toEqual([400, STAFF_INVITATION_MESSAGES.invalid]);
    const body = {
      email: params.get('email'),
      resetToken: params.get('token'),
      newPassword: 'Mua@Xuan#Tren!Song-Han42',
      confirmPassword: 'Mua@Xuan#Tren!Song-Han42',
    };
    const set = await t.request({ method: 'POST', url: API.authResetPassword, payload: body });
    expect(set.status).toBe(200);
    expect((await t.request({ method: 'POST', url: API.authResetPassword, payload: body })).status).toBe(400);
    // A used link invites nobody any more.
    const used = await t.request({
      method: 'POST',
      url: API.authStaffInvitation,
      payload: { token: params.get('token') },
    });
    expect(used.body.message).toBe(STAFF_INVITATION_MESSAGES.invalid);
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
    await expect(login(t, member.user.username, member.user.password)).rejects.toThrow(/403/);
    // Unlocking lets the person log in again; their old sessions stay ended.
    const on = await t.request({
      method: 'POST',
      url: ADMIN_STAFF_API.reactivate(member.user.id),
      headers: admin,
    });
    expect(on.body).toMatchObject({
      message: STAFF_MESSAGES.reactivated,
      data: { enabled: true, state: 'active' },
    });
    expect((await t.request(adminRoute)).status).toBe(401);
    const again = await login(t, member.user.username, member.user.password);
    expect(
      (await t.request({ ...adminRoute, headers: { authorization: `Bearer ${again.accessToken}` } })).status,
    ).toBe(200);
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, member.user.id));
    expect(rows.map((r) => r.action)).toEqual(
      expect.arrayContaining(['staff.role', 'staff.deactivate', 'staff.reactivate']),
    );
    // Only staff accounts: a donor's id is no staff member.
    const donor = await createLoggedInUser(t);
    const refused = await t.request({
      method: 'POST',
      url: ADMIN_STAFF_API.reactivate(donor.user.id),
      headers: admin,
    });
    expect(refused.status).toBe(404);
  });
});

/** Everything a refused staff request could have touched, to compare before and after. */
async function snapshot(t: TestContext) {
  const db = t.database.db;
  return {
    users: await db
      .select({ id: users.id, role: users.role, enabled: users.enabled, updatedAt: users.updatedAt })
      .from(users)
      .orderBy(asc(users.id)),
    sessions: await db
      .select({ id: authSessions.id, revokedAt: authSessions.revokedAt })
      .from(authSessions)
      .orderBy(asc(authSessions.id)),
    invitations: await db.select().from(staffInvitations).orderBy(asc(staffInvitations.userId)),
    secondFactors: await db
      .select({ userId: secondFactors.userId })
      .from(secondFactors)
      .orderBy(asc(secondFactors.userId)),
    audit: (await db.select({ n: count() }).from(auditLog))[0]!.n,
  };
}

describe.each(DB_KINDS)('staff routes act on staff accounts only, on %s', (kind) => {
  let t: TestContext;
  let admin: Awaited<ReturnType<typeof createLoggedInUser>>;

  beforeAll(async () => {
    t = await createTestContext(kind);
    admin = await createLoggedInUser(t, { role: 'ADMIN' });
  });
  afterAll(() => t?.close());

  /** Sends a request that must be refused with `status`, and checks that nothing was saved. */
  async function expectRefused(
    opts: { method: 'PUT' | 'POST'; url: string; payload?: unknown; headers?: Auth },
    status: number,
    message?: string,
  ) {
    const before = await snapshot(t);
    const res = await t.request({ headers: admin.auth, ...opts });
    expect(res.status, `${opts.method} ${opts.url}`).toBe(status);
    if (message) expect(res.body.message).toBe(message);
    expect(await snapshot(t), `${opts.method} ${opts.url} changed the database`).toEqual(before);
  }

  it("never makes a donor's account staff: ADMIN (or STAFF) on a donor is 404 and saves nothing", async () => {
    const donor = await createLoggedInUser(t);
    for (const role of ['ADMIN', 'STAFF'])
      await expectRefused(
        { method: 'PUT', url: ADMIN_STAFF_API.role(donor.user.id), payload: { role } },
        404,
        STAFF_MESSAGES.notFound,
      );
    const me = await t.request({ method: 'GET', url: API.authMe, headers: donor.auth });
    expect(me.body.data.role).toBe('DONOR');
    expect((await t.request({ method: 'GET', url: ADMIN_STAFF_API.list, headers: donor.auth })).status).toBe(
      403,
    );
  });

  it('DONOR is not a role of the staff page (400); a donor cannot be deactivated here (404); nothing is saved', async () => {
    const member = await createLoggedInUser(t, { role: 'STAFF' });
    await expectRefused(
      { method: 'PUT', url: ADMIN_STAFF_API.role(member.user.id), payload: { role: 'DONOR' } },
      400,
    );
    const donor = await createLoggedInUser(t);
    await expectRefused({ method: 'POST', url: ADMIN_STAFF_API.deactivate(donor.user.id) }, 404);
    await expectRefused({ method: 'POST', url: ADMIN_STAFF_API.resetSecondFactor(donor.user.id) }, 404);
    await expectRefused({ method: 'POST', url: ADMIN_STAFF_API.invitation(donor.user.id) }, 404);
    // The donor still logs in; the staff member kept the role.
    await login(t, donor.user.username, donor.user.password);
    expect((await t.request({ method: 'GET', url: API.authMe, headers: member.auth })).body.data.role).toBe(
      'STAFF',
    );
    // An id nobody has.
    for (const [method, url] of [
      ['PUT', ADMIN_STAFF_API.role(999_999)],
      ['POST', ADMIN_STAFF_API.deactivate(999_999)],
      ['POST', ADMIN_STAFF_API.resetSecondFactor(999_999)],
      ['POST', ADMIN_STAFF_API.invitation(999_999)],
    ] as const)
      await expectRefused({ method, url, payload: method === 'PUT' ? { role: 'STAFF' } : undefined }, 404);
  });

  it("refuses the caller's own account (403) and saves nothing", async () => {
    const id = admin.user.id;
    await expectRefused(
      { method: 'PUT', url: ADMIN_STAFF_API.role(id), payload: { role: 'STAFF' } },
      403,
      STAFF_MESSAGES.notSelf,
    );
    await expectRefused({ method: 'POST', url: ADMIN_STAFF_API.deactivate(id) }, 403, STAFF_MESSAGES.notSelf);
    await expectRefused(
      { method: 'POST', url: ADMIN_STAFF_API.resetSecondFactor(id) },
      403,
      SECOND_FACTOR_MESSAGES.resetNotSelf,
    );
  });

  it('two ADMINs demoting each other at once: one wins, the other is refused, an ADMIN remains', async () => {
    const ctx = await createTestContext(kind, { seed: false });
    try {
      const a = await createLoggedInUser(ctx, { role: 'ADMIN' });
      const b = await createLoggedInUser(ctx, { role: 'ADMIN' });
      const [ra, rb] = await Promise.all([
        ctx.request({
          method: 'PUT',
          url: ADMIN_STAFF_API.role(b.user.id),
          headers: a.auth,
          payload: { role: 'STAFF' },
        }),
        ctx.request({ method: 'POST', url: ADMIN_STAFF_API.deactivate(a.user.id), headers: b.auth }),
      ]);
      const statuses = [ra.status, rb.status].sort();
      // The loser is refused by the last-ADMIN rule, or (if the winner committed before its role
      // was read) as a STAFF member, or (if the winner deactivated it before its request was
      // authenticated) as an account that no longer signs in.
      expect([
        [200, 401],
        [200, 409],
        [200, 403],
      ]).toContainEqual(statuses);
      const admins = await ctx.database.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'ADMIN'), eq(users.enabled, true)));
      expect(admins).toHaveLength(1);
    } finally {
      await ctx.close();
    }
  });
});

describe.each(DB_KINDS)('the last active ADMIN (service rules), on %s', (kind) => {
  it('cannot be demoted or deactivated (409), whoever asks; locked and invited ADMINs do not count', async () => {
    const t = await createTestContext(kind, { seed: false, env: { SMTP_URL: 'smtp://127.0.0.1:9' } });
    try {
      const last = await createUser(t, { role: 'ADMIN' });
      const locked = await createUser(t, { role: 'ADMIN' });
      await t.database.db.update(users).set({ enabled: false }).where(eq(users.id, locked.id));
      const service = createStaffService({
        repo: createStaffRepository(t.database.db),
        clock: t.clock,
        publicUrl: t.config.publicUrl,
      });
      await service.createAccount({ email: 'moi@example.vn', username: 'moi', role: 'ADMIN' }, null);
      // An ADMIN whose request was let in just before an ADMIN demoted them: the rule holds in the change itself.
      const formerAdmin = await createUser(t, { role: 'STAFF' });
      const actor = { id: formerAdmin.id, role: 'ADMIN', requestId: 'test' };
      for (const change of [
        () => service.setRole(actor, last.id, 'STAFF'),
        () => service.deactivate(actor, last.id),
      ]) {
        const before = await snapshot(t);
        await expect(change()).rejects.toMatchObject({ statusCode: 409, message: STAFF_MESSAGES.lastAdmin });
        expect(await snapshot(t)).toEqual(before);
      }
      // With a second active ADMIN the change is allowed.
      await createUser(t, { role: 'ADMIN' });
      expect((await service.setRole(actor, last.id, 'STAFF')).role).toBe('STAFF');
    } finally {
      await t.close();
    }
  });
});

describe.each(DB_KINDS)('staff invitations, on %s', (kind) => {
  let t: TestContext;
  let smtp: SmtpSink;
  let admin: Auth;
  let adminUser: Awaited<ReturnType<typeof createLoggedInUser>>['user'];
  let adminId: number;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestContext(kind, { env: { SMTP_URL: smtp.url } });
    const a = await createLoggedInUser(t, { role: 'ADMIN' });
    admin = a.auth;
    adminUser = a.user;
    adminId = a.user.id;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  /**
   * The set-password link of the first invitation mail to `email` from mail number `since` on.
   * Mails sent at about the same time may arrive in either order: other mails are passed over.
   */
  async function linkTo(email: string, since: number) {
    const mail = await smtp.waitFor(
      (m) =>
        smtp.mails.indexOf(m) >= since &&
        m.to.includes(email.toLowerCase()) &&
        m.subject === STAFF_MESSAGES.inviteSubject,
    );
    const link = /(http\S+chao-mung-can-bo#\S+)/.exec(mail.text)![1]!;
    const params = new URLSearchParams(new URL(link).hash.slice(1));
    return { email: params.get('email')!, token: params.get('token')! };
  }
  const invite = (payload: { email: string; username: string; role: string }) =>
    t.request({ method: 'POST', url: ADMIN_STAFF_API.invite, headers: admin, payload });
  const setPassword = (link: { email: string; token: string }, password = 'Mua@Xuan#Tren!Song-Han42') =>
    t.request({
      method: 'POST',
      url: API.authResetPassword,
      payload: {
        email: link.email,
        resetToken: link.token,
        newPassword: password,
        confirmPassword: password,
      },
    });
  const stateOf = async (username: string) =>
    (
      (await t.request({ method: 'GET', url: ADMIN_STAFF_API.list, headers: admin })).body.data as {
        username: string;
        state: string;
        secondFactor: boolean;
      }[]
    ).find((m) => m.username === username);
  const auditOf = async (id: number) =>
    (
      await t.database.db
        .select({ action: auditLog.action, actorId: auditLog.actorId })
        .from(auditLog)
        .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, id)))
        .orderBy(asc(auditLog.id))
    ).map((r) => `${r.action} by ${r.actorId}`);

  it("anonymous resend-verification and forgot-password for the invitee's e-mail do not cancel the invitation", async () => {
    const email = 'lan.tran@hoichuthapdo.vn';
    const since = smtp.mails.length;
    expect((await invite({ email, username: 'lantran', role: 'STAFF' })).status).toBe(200);
    const link = await linkTo(email, since);
    expect(await stateOf('lantran')).toMatchObject({ state: 'invited', secondFactor: false });
    // Anyone may ask these for any e-mail.
    expect(
      (await t.request({ method: 'POST', url: API.authResendVerification, payload: { email } })).status,
    ).toBe(200);
    expect(
      (
        await t.request({
          method: 'POST',
          url: API.authForgotPassword,
          payload: { email },
          remoteAddress: '10.3.0.1',
        })
      ).status,
    ).toBe(200);
    await t.app.authService.drain();
    // Re-inviting is still possible (not 409) …
    expect((await invite({ email, username: 'lantran', role: 'STAFF' })).status).toBe(200);
    // The first invitation is mail number `since`; the two requests above mail the address too.
    const renewed = await linkTo(email, since + 1);
    expect(renewed.token).not.toBe(link.token);
    // … and the link of the latest invitation sets the password.
    expect((await setPassword(renewed)).status).toBe(200);
    expect(await stateOf('lantran')).toMatchObject({ state: 'active' });
    await login(t, 'lantran', 'Mua@Xuan#Tren!Song-Han42');
  });

  it('re-inviting the same e-mail and username replaces the link (audited); other taken names or e-mails are 409', async () => {
    const email = 'hoa.pham@hoichuthapdo.vn';
    let since = smtp.mails.length;
    const first = await invite({ email, username: 'hoapham', role: 'STAFF' });
    expect(first.body.data).toMatchObject({ state: 'invited', role: 'STAFF', secondFactor: false });
    const old = await linkTo(email, since);
    since = smtp.mails.length;
    const again = await invite({ email: 'HOA.PHAM@hoichuthapdo.vn', username: 'HoaPham', role: 'ADMIN' });
    expect(again.status).toBe(200);
    expect(again.body.message).toBe(STAFF_MESSAGES.reinvited);
    expect(again.body.data).toMatchObject({ id: first.body.data.id, state: 'invited', role: 'ADMIN' });
    const renewed = await linkTo(email, since);
    // The link before no longer works; the new one does, once.
    expect((await setPassword(old)).status).toBe(400);
    // Taken by this invited account: another username, another e-mail.
    expect((await invite({ email, username: 'hoapham2', role: 'STAFF' })).status).toBe(409);
    expect((await invite({ email: 'khac@hoichuthapdo.vn', username: 'hoapham', role: 'STAFF' })).status).toBe(
      409,
    );
    expect((await setPassword(renewed)).status).toBe(200);
    expect((await setPassword(renewed)).status).toBe(400);
    // Once the password is set, the same e-mail and username are taken like any other.
    expect((await invite({ email, username: 'hoapham', role: 'STAFF' })).status).toBe(409);
    expect(await auditOf(first.body.data.id)).toEqual([
      `staff.invite by ${adminId}`,
      `staff.reinvite by ${adminId}`,
    ]);
  });

  it('resends the invitation of an invited account: new link, old one void (audited); 409 once active', async () => {
    const email = 'duc.vo@hoichuthapdo.vn';
    let since = smtp.mails.length;
    const invited = await invite({ email, username: 'ducvo', role: 'STAFF' });
    const id = invited.body.data.id as number;
    const old = await linkTo(email, since);
    // The link expires after 24 hours; the account stays 'invited' until the password is set.
    t.clock.advance(25 * 3_600_000);
    expect((await setPassword(old)).status).toBe(400);
    // The ADMIN's access token expired meanwhile too.
    admin = {
      authorization: `Bearer ${(await login(t, adminUser.username, adminUser.password)).accessToken}`,
    };
    expect(await stateOf('ducvo')).toMatchObject({ state: 'invited' });
    since = smtp.mails.length;
    const resent = await t.request({ method: 'POST', url: ADMIN_STAFF_API.invitation(id), headers: admin });
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ message: STAFF_MESSAGES.reinvited, data: { state: 'invited' } });
    const renewed = await linkTo(email, since);
    expect((await setPassword(renewed)).status).toBe(200);
    const again = await t.request({ method: 'POST', url: ADMIN_STAFF_API.invitation(id), headers: admin });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(STAFF_MESSAGES.notInvited);
    expect(await auditOf(id)).toEqual([`staff.invite by ${adminId}`, `staff.reinvite by ${adminId}`]);
    // Locked, whatever else.
    await t.request({ method: 'POST', url: ADMIN_STAFF_API.deactivate(id), headers: admin });
    expect(await stateOf('ducvo')).toMatchObject({ state: 'locked' });
  });
});
