import {
  ADMIN_BROADCAST_API,
  CONSENT_VERSIONS,
  BROADCAST_MESSAGES,
  ZBroadcastResponse,
  type TBroadcast,
} from '@giot-hong/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appointments,
  auditLog,
  consents,
  donorProfiles,
  notifications,
  users,
} from '../../db/schema/index.ts';
import { createBroadcastRepository } from './broadcast.repository.ts';
import { createLoggedInUser, loginStaff } from '../../../test/auth.ts';
import { createTestContext, DB_KINDS, type TestContext } from '../../../test/helper.ts';
import { createVerifiedDonor } from '../../../test/donor.ts';
import { listCampaigns, registerForCampaign } from '../../../test/notifications.ts';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.ts';

type Auth = Record<string, string>;
const DAY = 86_400_000;

// On both databases (test/helper.ts, DB_KINDS): a double click (two requests at once) and sending resumed by another process.
describe.each(DB_KINDS)('staff console: broadcasts on %s', (kind) => {
  let t: TestContext;
  let smtp: SmtpSink;
  let staff: Auth;
  let donorAuth: Auth;

  /** A verified donor with a profile of this blood group (and optionally an address). */
  async function donor(bloodGroup: string, opts: { emails?: boolean; address?: string } = {}) {
    const d = await createLoggedInUser(t);
    await t.database.db.insert(donorProfiles).values({
      userId: d.user.id,
      bloodGroup,
      addressContact: opts.address ?? 'Phường Hoàn Kiếm, Thành phố Hà Nội',
    });
    // E-mails about campaigns and news need the donor's optional consent (off by default).
    if (opts.emails !== false)
      await t.database.db.insert(consents).values({
        userId: d.user.id,
        purpose: 'CAMPAIGN_EMAILS',
        version: CONSENT_VERSIONS.CAMPAIGN_EMAILS,
        givenAt: new Date(),
      });
    return d;
  }

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestContext(kind, { env: { SMTP_URL: smtp.url } });
    staff = { authorization: `Bearer ${(await loginStaff(t)).accessToken}` };
    donorAuth = (await createLoggedInUser(t)).auth;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const count = async (audience: Record<string, unknown>) => {
    const res = await t.request({
      method: 'POST',
      url: ADMIN_BROADCAST_API.broadcastPreviewCount,
      headers: staff,
      payload: audience,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.count as number;
  };

  async function waitDone(id: number): Promise<TBroadcast> {
    for (let i = 0; i < 200; i++) {
      const res = await t.request({ method: 'GET', url: ADMIN_BROADCAST_API.broadcast(id), headers: staff });
      const b = ZBroadcastResponse.parse(res.body).data;
      if (b.status === 'DONE') return b;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('broadcast did not finish');
  }

  it('reaches exactly the donors of one blood group once, even when sent twice with the same key', async () => {
    const group = 'AB-';
    const mailing = [await donor(group), await donor(group)];
    const optedOut = await donor(group, { emails: false });
    const other = await donor('O+');
    // Everyone with that group, whoever created them (seeded donors included), counted directly.
    const expected = (
      await t.database.db
        .select({
          id: users.id,
          email: users.email,
          // Counted independently of the code under test: the consent rows themselves.
          emails: sql<boolean>`exists (select 1 from consents c where c.user_id = ${users.id}
            and c.purpose = 'CAMPAIGN_EMAILS' and c.withdrawn_at is null)`,
        })
        .from(users)
        .innerJoin(donorProfiles, eq(donorProfiles.userId, users.id))
        .where(
          and(
            eq(donorProfiles.bloodGroup, group),
            eq(users.role, 'DONOR'),
            eq(users.enabled, true),
            sql`${users.emailVerifiedAt} is not null`,
          ),
        )
    ).sort((a, b) => a.id - b.id);
    expect(expected.map((e) => e.id)).toEqual(
      expect.arrayContaining([...mailing.map((m) => m.user.id), optedOut.user.id]),
    );
    expect(expected.map((e) => e.id)).not.toContain(other.user.id);

    expect(await count({ kind: 'BLOOD_GROUP', bloodGroup: group })).toBe(expected.length);

    const body = {
      idempotencyKey: 'b7a1c0de-0000-4000-8000-000000000001',
      type: 3,
      title: 'Kêu gọi nhóm máu AB-',
      content: '<p>Bệnh viện đang cần nhóm máu <strong>AB-</strong>.</p><script>alert(1)</script>',
      link: '/dang-ky-hien-mau',
      sendEmail: true,
      audience: { kind: 'BLOOD_GROUP', bloodGroup: group },
    };
    // A double click: two requests at once with the same key.
    const [a, b] = await Promise.all(
      [1, 2].map(() =>
        t.request({ method: 'POST', url: ADMIN_BROADCAST_API.broadcasts, headers: staff, payload: body }),
      ),
    );
    expect(a!.status).toBe(200);
    expect(b!.status).toBe(200);
    expect(a!.body.message).toBe(BROADCAST_MESSAGES.broadcastQueued);
    const id = ZBroadcastResponse.parse(a!.body).data.id;
    expect(ZBroadcastResponse.parse(b!.body).data.id).toBe(id);

    const done = await waitDone(id);
    expect(done).toMatchObject({
      total: expected.length,
      sent: expected.length,
      emailed: expected.filter((e) => e.emails).length,
      content: '<p>Bệnh viện đang cần nhóm máu <strong>AB-</strong>.</p>',
    });
    // A retry after it finished is the same broadcast again: nothing more is sent.
    const retry = await t.request({
      method: 'POST',
      url: ADMIN_BROADCAST_API.broadcasts,
      headers: staff,
      payload: body,
    });
    expect(ZBroadcastResponse.parse(retry.body).data).toMatchObject({ id, sent: expected.length });
    await t.app.broadcasts.sendPending();

    const rows = await t.database.db
      .select({ userId: notifications.userId, type: notifications.type, title: notifications.title })
      .from(notifications)
      .where(eq(notifications.dedupeKey, `broadcast:${id}`));
    expect(rows.map((r) => r.userId).sort((x, y) => x - y)).toEqual(expected.map((e) => e.id));
    expect(new Set(rows.map((r) => `${r.type}|${r.title}`))).toEqual(new Set(['3|Kêu gọi nhóm máu AB-']));

    // E-mail copies: once to each donor who accepts them, none to the one who opted out.
    const mails = smtp.mails.filter((m) => m.subject === body.title);
    expect(mails.flatMap((m) => m.to).sort()).toEqual(
      expected
        .filter((e) => e.emails)
        .map((e) => e.email.toLowerCase())
        .sort(),
    );
    expect(mails.flatMap((m) => m.to)).not.toContain(optedOut.user.email.toLowerCase());
    expect(mails[0]!.text).toContain('Bệnh viện đang cần nhóm máu AB-.');
    expect(mails[0]!.text).toContain('http://portal.test/dang-ky-hien-mau');

    const audits = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'broadcast.create'), eq(auditLog.targetId, id)));
    expect(audits[0]!.n).toBe(1);
  });

  it('counts a province by the address picker’s text and a campaign’s live registrants', async () => {
    const before = await count({ kind: 'PROVINCE', provinceCode: '29' });
    await donor('A+', { address: '12 Lê Lợi, Phường Sài Gòn, Thành phố Hồ Chí Minh' });
    expect(await count({ kind: 'PROVINCE', provinceCode: '29' })).toBe(before + 1);
    const unknown = await t.request({
      method: 'POST',
      url: ADMIN_BROADCAST_API.broadcastPreviewCount,
      headers: staff,
      payload: { kind: 'PROVINCE', provinceCode: 'XX' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(BROADCAST_MESSAGES.provinceRequired);

    const [campaign] = await listCampaigns(t);
    const registrants = await count({ kind: 'CAMPAIGN', campaignId: campaign!.id });
    const registered = await createVerifiedDonor(t);
    await registerForCampaign(t, registered.auth, campaign!.id, campaign!.questionSetId);
    expect(await count({ kind: 'CAMPAIGN', campaignId: campaign!.id })).toBe(registrants + 1);

    const missing = await t.request({
      method: 'POST',
      url: ADMIN_BROADCAST_API.broadcastPreviewCount,
      headers: staff,
      payload: { kind: 'CAMPAIGN', campaignId: 999_999 },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(BROADCAST_MESSAGES.campaignNotFound);
  });

  it('counts donors eligible again on a day by the type of their last donation, and not while deferred', async () => {
    const day = (offset: number) =>
      new Date(t.clock.now().getTime() + offset * DAY).toISOString().slice(0, 10);
    const base = await count({ kind: 'ELIGIBLE_FROM', date: day(200) });
    const whole = await donor('B+');
    const platelets = await donor('B+');
    const deferred = await donor('B+');
    const donated = new Date(t.clock.now().getTime() - 10 * DAY);
    await t.database.db.insert(appointments).values([
      {
        userId: whole.user.id,
        campaignId: 1,
        status: 'DONE',
        donatedAt: donated,
        donationType: 'WHOLE_BLOOD',
      },
      {
        userId: platelets.user.id,
        campaignId: 1,
        status: 'DONE',
        donatedAt: donated,
        donationType: 'APHERESIS_PLATELETS',
      },
      {
        userId: deferred.user.id,
        campaignId: 1,
        status: 'DONE',
        donatedAt: donated,
        donationType: 'APHERESIS_PLASMA',
      },
      {
        userId: deferred.user.id,
        campaignId: 2,
        status: 'DEFERRED',
        deferredUntil: new Date(t.clock.now().getTime() + 60 * DAY),
      },
    ]);
    // Who the audience holds on a day, through the same SQL the count and the sending use.
    const repo = createBroadcastRepository(t.database.db);
    const ids = { whole: whole.user.id, platelets: platelets.user.id, deferred: deferred.user.id };
    const on = async (offset: number) => {
      const got = new Set(
        await repo.nextRecipients({ kind: 'ELIGIBLE_FROM', date: day(offset) }, 0, 1_000_000),
      );
      return Object.entries(ids)
        .filter(([, id]) => got.has(id))
        .map(([name]) => name);
    };
    // Donated 10 days ago: platelets allow giving again 14 days after (day 4 from now), whole
    // blood 84 days after (day 74); the plasma donor is deferred until day 60.
    expect(await on(3)).toEqual([]);
    expect(await on(4)).toEqual(['platelets']);
    expect(await on(60)).toEqual(['platelets']);
    expect(await on(61)).toEqual(['platelets', 'deferred']);
    expect(await on(73)).toEqual(['platelets', 'deferred']);
    expect(await on(74)).toEqual(['whole', 'platelets', 'deferred']);
    expect((await count({ kind: 'ELIGIBLE_FROM', date: day(200) })) - base).toBe(3);
  });

  it('refuses an audience without its detail with the Vietnamese message; donors get 403', async () => {
    const res = await t.request({
      method: 'POST',
      url: ADMIN_BROADCAST_API.broadcastPreviewCount,
      headers: staff,
      payload: { kind: 'BLOOD_GROUP' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(BROADCAST_MESSAGES.bloodGroupRequired);
    const forbidden = await t.request({
      method: 'POST',
      url: ADMIN_BROADCAST_API.broadcasts,
      headers: donorAuth,
      payload: {},
    });
    expect(forbidden.status).toBe(403);
    expect((await t.request({ method: 'GET', url: ADMIN_BROADCAST_API.broadcasts })).status).toBe(401);
  });
});
