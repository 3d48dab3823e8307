import { ADMIN_WAITING_WORK_API, API, ADMIN_INBOX_API, ZAdminWaitingWorkResponse } from '@giot-hong/contract';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idExtracts } from '../../db/schema/index.ts';
import { createLoggedInUser, loginStaff } from '../../../test/auth.ts';
import { createTestContext, EMBEDDED_ONLY, type TestContext } from '../../../test/helper.ts';

type Auth = Record<string, string>;

// On the embedded database only (test/helper.ts, EMBEDDED_ONLY): nothing here depends on
// PostgreSQL itself (no concurrent requests, locks or job claims).
describe.each(EMBEDDED_ONLY)('staff console: work waiting for staff on %s', (kind) => {
  let t: TestContext;
  let staff: Auth;
  let admin: Auth;

  beforeAll(async () => {
    t = await createTestContext(kind);
    staff = { authorization: `Bearer ${(await loginStaff(t)).accessToken}` };
    admin = (await createLoggedInUser(t, { role: 'ADMIN' })).auth;
  });
  afterAll(() => t?.close());

  const counts = async (auth: Auth) => {
    const res = await t.request({ method: 'GET', url: ADMIN_WAITING_WORK_API.waitingWork, headers: auth });
    expect(res.status).toBe(200);
    return ZAdminWaitingWorkResponse.parse(res.body).data;
  };

  /** A card waiting for review (`reviewed`: already decided, so not waiting). */
  async function extract(reviewed: boolean) {
    const donor = await createLoggedInUser(t);
    const now = t.clock.now();
    await t.database.db.insert(idExtracts).values({
      id: randomUUID(),
      userId: donor.user.id,
      status: 'CONFIRM_MATCHED',
      confirmedAt: now,
      reviewRequestedAt: now,
      reviewedAt: reviewed ? now : null,
      reviewOutcome: reviewed ? 'APPROVED' : null,
      createdAt: now,
    });
  }

  it('counts ID cards waiting for review and new inbox messages, for staff and ADMIN alike', async () => {
    const before = await counts(staff);
    await extract(false);
    await extract(false);
    await extract(true);
    for (const email of ['lan@example.vn', 'minh@example.vn'])
      expect(
        (
          await t.request({
            method: 'POST',
            url: API.contact,
            payload: { name: 'Người gửi', email, message: 'Cho tôi hỏi lịch hiến máu.' },
            remoteAddress: `10.1.2.${email.length}`,
          })
        ).status,
      ).toBe(200);
    const after = await counts(admin);
    // The blood centre's tasks are counted too; result counselling only for those who may see it
    // (an ADMIN here, not the staff account without the permission: blood-centre tests).
    expect(after).toEqual({
      identityReviews: before.identityReviews + 2,
      inboxNew: before.inboxNew + 2,
      counsellingOpen: 0,
      bloodGroupTasksOpen: 0,
    });
    expect(before.counsellingOpen).toBeNull();

    // A message marked handled is no longer waiting.
    const inbox = await t.request({
      method: 'GET',
      url: ADMIN_INBOX_API.inbox('contact'),
      query: { status: 'NEW' },
      headers: staff,
    });
    const first = inbox.body.data.items[0];
    await t.request({
      method: 'PUT',
      url: ADMIN_INBOX_API.inboxItem('contact', first.id),
      headers: staff,
      payload: { status: 'HANDLED' },
    });
    expect((await counts(staff)).inboxNew).toBe(after.inboxNew - 1);
  });

  it('answers 401 without a token and 403 to a donor', async () => {
    expect((await t.request({ method: 'GET', url: ADMIN_WAITING_WORK_API.waitingWork })).status).toBe(401);
    const donor = await createLoggedInUser(t);
    expect(
      (await t.request({ method: 'GET', url: ADMIN_WAITING_WORK_API.waitingWork, headers: donor.auth }))
        .status,
    ).toBe(403);
  });
});
