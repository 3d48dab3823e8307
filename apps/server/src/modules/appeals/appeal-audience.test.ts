import {
  ADMIN_APPEAL_API,
  RARE_BLOOD_API,
  type TAppealPreview,
  type TAppealUrgency,
} from '@giot-hong/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountDeletions,
  appealRecipients,
  appeals,
  appointments,
  counsellingCases,
  externalDonations,
} from '../../db/schema/index.ts';
import { vnStartOfDay } from '../../lib/vn-time.ts';
import { createLoggedInUser, loginStaff } from '../../../test/auth.ts';
import { appealCampaign, appealDonor, vnAt, type DonorOptions } from '../../../test/appeals.ts';
import { createTestContext, DB_KINDS, type TestContext } from '../../../test/helper.ts';
import { createAppealAudience, type OnCallMemberIds } from './appeal-audience.ts';
import { createAppealRepository } from './appeal.repository.ts';
import { onCallMemberIds } from '../rare-blood/rare-blood.repository.ts';

type Auth = Record<string, string>;
const DAY = 86_400_000;
/** The campaign's day: 10 days after the test clock's (22/11/2026), so 02/12/2026 in Vietnam. */
const CAMPAIGN_DAY = 10;

// On both databases (test/helper.ts, DB_KINDS): the audience is one SQL statement per batch (arrays,
// a lateral count, the latest consent row), whose meaning must not differ between the two.
describe.each(DB_KINDS)('the audience of an appeal, each rule at its edge, on %s', (kind) => {
  let t: TestContext;
  let staff: Auth;
  let campaign: Awaited<ReturnType<typeof appealCampaign>>;
  let otherAppealId: number;

  beforeAll(async () => {
    t = await createTestContext(kind);
    staff = { authorization: `Bearer ${(await loginStaff(t)).accessToken}` };
    campaign = await appealCampaign(t, CAMPAIGN_DAY);
    // An earlier appeal whose recipient rows stand for "this donor was reached before".
    const [row] = await t.database.db
      .insert(appeals)
      .values({
        idempotencyKey: 'earlier-appeal-0001',
        title: 'Lời kêu gọi trước',
        message: 'Trước',
        groups: ['O-'],
        urgency: 'URGENT',
        campaignId: campaign.id,
        endsAt: campaign.endReceiveTime,
        target: 1,
        status: 'ENDED',
        endReason: 'STAFF',
        deliveryStatus: 'DONE',
        createdAt: new Date(t.clock.now().getTime() - 30 * DAY),
      })
      .returning();
    otherAppealId = row!.id;
  });
  afterAll(() => t?.close());

  /** Who the appeal reaches now, through the batches the sending uses (small batches on purpose). */
  async function who(urgency: TAppealUrgency, groups = ['O-'], onCallMemberIds?: OnCallMemberIds) {
    const repo = createAppealRepository(t.database.db);
    const audience = createAppealAudience({ repo, minDaysBetween: 14, onCallMemberIds });
    const spec = { groups, urgency, campaign };
    const ids = new Set<number>();
    for (let cursor = 0; ;) {
      const b = await audience.batch(spec, cursor, 3, t.clock.now());
      for (const p of b.picks) ids.add(p.id);
      if (b.last === undefined) return ids;
      cursor = b.last;
    }
  }
  const donor = async (o: DonorOptions = {}) => (await appealDonor(t, o)).user.id;
  const reachedBefore = (userId: number, daysAgo: number) =>
    t.database.db.insert(appealRecipients).values({
      appealId: otherAppealId,
      userId,
      basis: 'CONFIRMED',
      reachedAt: new Date(t.clock.now().getTime() - daysAgo * DAY),
    });
  // A fresh appeal row for each second reach of the same donor (one row per appeal and donor).
  async function reachedByAnother(userId: number, daysAgo: number) {
    const [row] = await t.database.db
      .insert(appeals)
      .values({
        idempotencyKey: `another-${userId}-${daysAgo}`,
        title: 'Khác',
        message: 'Khác',
        groups: ['O-'],
        urgency: 'CRITICAL',
        campaignId: campaign.id,
        endsAt: campaign.endReceiveTime,
        target: 1,
        createdAt: t.clock.now(),
      })
      .returning();
    await t.database.db.insert(appealRecipients).values({
      appealId: row!.id,
      userId,
      basis: 'CONFIRMED',
      reachedAt: new Date(t.clock.now().getTime() - daysAgo * DAY),
    });
  }

  it('takes the lab-confirmed group for both urgencies, a self-declared one only for URGENT and only without a lab group', async () => {
    const confirmed = await donor({ lab: 'O-' });
    const declared = await donor({ lab: null, declared: 'O-' });
    const labDiffers = await donor({ lab: 'A+', declared: 'O-' });
    const otherGroup = await donor({ lab: 'B+' });
    const urgent = await who('URGENT');
    const critical = await who('CRITICAL');
    expect([
      urgent.has(confirmed),
      urgent.has(declared),
      urgent.has(labDiffers),
      urgent.has(otherGroup),
    ]).toEqual([true, true, false, false]);
    expect([critical.has(confirmed), critical.has(declared)]).toEqual([true, false]);
    expect((await who('URGENT', ['A+'])).has(labDiffers)).toBe(true);
  });

  it('counts the interval from the decisive donation, here or elsewhere: the day before it ends out, the day it ends in', async () => {
    const day = vnStartOfDay(campaign.organizeTime).getTime();
    // Whole blood: 84 days. Donated 84 days before the campaign's day: eligible on it.
    const eligibleHere = await donor();
    const dayBeforeHere = await donor();
    const eligibleElsewhere = await donor();
    const dayBeforeElsewhere = await donor();
    await t.database.db.insert(appointments).values([
      {
        userId: eligibleHere,
        campaignId: 1,
        status: 'DONE',
        donationType: 'WHOLE_BLOOD',
        donatedAt: new Date(day - 84 * DAY + 3_600_000),
      },
      {
        userId: dayBeforeHere,
        campaignId: 1,
        status: 'DONE',
        donationType: 'WHOLE_BLOOD',
        donatedAt: new Date(day - 83 * DAY + 3_600_000),
      },
    ]);
    await t.database.db.insert(externalDonations).values([
      {
        userId: eligibleElsewhere,
        donatedAt: new Date(day - 84 * DAY),
        donationType: 'WHOLE_BLOOD',
        place: 'Bệnh viện Bạch Mai',
      },
      {
        userId: dayBeforeElsewhere,
        donatedAt: new Date(day - 83 * DAY),
        donationType: 'WHOLE_BLOOD',
        place: 'Bệnh viện Bạch Mai',
      },
    ]);
    const got = await who('URGENT');
    expect([
      got.has(eligibleHere),
      got.has(dayBeforeHere),
      got.has(eligibleElsewhere),
      got.has(dayBeforeElsewhere),
    ]).toEqual([true, false, true, false]);
  });

  it('takes the age on the campaign’s day: 18 on that day in, the day before 18 out; 60 the day before the 61st in, 61 out', async () => {
    // The campaign's day is 02/12/2026.
    const turns18 = await donor({ dob: '02/12/2008' });
    const turns18Tomorrow = await donor({ dob: '03/12/2008' });
    const turns61Tomorrow = await donor({ dob: '03/12/1965' });
    const turns61 = await donor({ dob: '02/12/1965' });
    const got = await who('CRITICAL');
    expect([got.has(turns18), got.has(turns18Tomorrow), got.has(turns61Tomorrow), got.has(turns61)]).toEqual([
      true,
      false,
      true,
      false,
    ]);
  });

  it('leaves out a deferral in force on the campaign’s day and an open counselling case, not a closed one', async () => {
    const day = vnStartOfDay(campaign.organizeTime).getTime();
    const deferredPast = await donor();
    const deferredUntilThatDay = await donor();
    const openCase = await donor();
    const closedCase = await donor();
    await t.database.db.insert(appointments).values([
      {
        userId: deferredPast,
        campaignId: 1,
        status: 'DEFERRED',
        deferralReason: 'LOW_HEMOGLOBIN',
        deferredUntil: new Date(day + DAY),
      },
      {
        userId: deferredUntilThatDay,
        campaignId: 1,
        status: 'DEFERRED',
        deferralReason: 'LOW_HEMOGLOBIN',
        deferredUntil: new Date(day),
      },
    ]);
    for (const [userId, status] of [
      [openCase, 'OPEN'],
      [closedCase, 'CLOSED'],
    ] as const) {
      const [a] = await t.database.db
        .insert(appointments)
        .values({
          userId,
          campaignId: 2,
          status: 'DONE',
          donationType: 'WHOLE_BLOOD',
          donatedAt: new Date(day - 200 * DAY),
        })
        .returning();
      await t.database.db.insert(counsellingCases).values({
        appointmentId: a!.id,
        userId,
        openedAt: new Date(day - 190 * DAY),
        callBy: '2026-05-30',
        status,
      });
    }
    const got = await who('CRITICAL');
    expect([
      got.has(deferredPast),
      got.has(deferredUntilThatDay),
      got.has(openCase),
      got.has(closedCase),
    ]).toEqual([false, true, false, true]);
  });

  it('needs the current APPEALS consent (absent, withdrawn or an old version: out) and no erasure request', async () => {
    const consenting = await donor();
    const none = await donor({ consent: 'none' });
    const withdrawn = await donor({ consent: 'withdrawn' });
    const old = await donor({ consent: 'old' });
    const erasing = await donor();
    const cancelledErasure = await donor();
    const now = t.clock.now();
    await t.database.db.insert(accountDeletions).values([
      { userId: erasing, tokenHash: `h-${erasing}`, requestedAt: now, linkExpiresAt: now },
      {
        userId: cancelledErasure,
        tokenHash: `h-${cancelledErasure}`,
        requestedAt: now,
        linkExpiresAt: now,
        cancelledAt: now,
      },
    ]);
    const got = await who('CRITICAL');
    expect([consenting, none, withdrawn, old, erasing, cancelledErasure].map((id) => got.has(id))).toEqual([
      true,
      false,
      false,
      false,
      false,
      true,
    ]);
  });

  it('keeps the 14-day rule: reached 13 days ago out of URGENT, 14 days ago in; CRITICAL once more, never twice', async () => {
    const day13 = await donor();
    const day14 = await donor();
    const twice = await donor();
    await reachedBefore(day13, 13);
    await reachedBefore(day14, 14);
    await reachedBefore(twice, 13);
    await reachedByAnother(twice, 1);
    const urgent = await who('URGENT');
    const critical = await who('CRITICAL');
    expect([urgent.has(day13), urgent.has(day14), urgent.has(twice)]).toEqual([false, true, false]);
    expect([critical.has(day13), critical.has(day14), critical.has(twice)]).toEqual([true, true, false]);
  });

  it('reaches on-call rare-blood members of an Rh-negative group by a CRITICAL appeal whatever the 14-day rule says (the extension point)', async () => {
    const member = await donor({ lab: 'AB-' });
    await reachedBefore(member, 2);
    await reachedByAnother(member, 1);
    const asked: string[][] = [];
    const onCall: OnCallMemberIds = async (groups) => {
      asked.push(groups);
      return [member];
    };
    expect((await who('CRITICAL', ['AB-'])).has(member)).toBe(false);
    expect((await who('CRITICAL', ['AB-', 'A+'], onCall)).has(member)).toBe(true);
    // Asked for the Rh-negative groups only (once per batch).
    expect(new Set(asked.map((g) => g.join(',')))).toEqual(new Set(['AB-']));
    // Not for URGENT, nor for an Rh-positive group.
    expect((await who('URGENT', ['AB-'], onCall)).has(member)).toBe(false);
    expect((await who('CRITICAL', ['A+'], onCall)).has(member)).toBe(false);
  });

  it('reaches the rare-blood club’s members on call now, through the app as wired, and not those off call', async () => {
    const member = await appealDonor(t, { lab: 'B-' });
    const offCall = await appealDonor(t, { lab: 'B-' });
    for (const d of [member, offCall]) {
      await reachedBefore(d.user.id, 2);
      await reachedByAnother(d.user.id, 1);
    }
    // Joined through the club's own API; on call 08:00–20:00 (the clock says 09:00).
    for (const [d, onCall] of [
      [member, true],
      [offCall, false],
    ] as const) {
      const res = await t.request({
        method: 'PUT',
        url: RARE_BLOOD_API.mine,
        headers: d.auth,
        payload: { member: true, onCall, callHours: onCall ? { from: '08:00', to: '20:00' } : null },
      });
      expect(res.status, res.body.message).toBe(200);
    }
    const preview = async (urgency: TAppealUrgency) =>
      (
        await t.request({
          method: 'POST',
          url: ADMIN_APPEAL_API.previewCount,
          headers: staff,
          payload: { groups: ['B-'], urgency, campaignId: campaign.id },
        })
      ).body.data;
    expect(await preview('CRITICAL')).toEqual({
      count: 1,
      confirmed: 0,
      selfDeclared: 0,
      onCall: 1,
      heldByFatigue: 1,
    });
    expect(await preview('URGENT')).toMatchObject({ count: 0, onCall: 0, heldByFatigue: 2 });
    const club: OnCallMemberIds = (groups, at) => onCallMemberIds(t.database.db, groups, at);
    const got = await who('CRITICAL', ['B-'], club);
    expect([got.has(member.user.id), got.has(offCall.user.id)]).toEqual([true, false]);
  });

  it('previews the count with its breakdown, through the API', async () => {
    const preview = async (urgency: TAppealUrgency): Promise<TAppealPreview> => {
      const res = await t.request({
        method: 'POST',
        url: ADMIN_APPEAL_API.previewCount,
        headers: staff,
        payload: { groups: ['O-'], urgency, campaignId: campaign.id },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data;
    };
    const before = await preview('URGENT');
    const urgentIds = await who('URGENT');
    expect(before.count).toBe(urgentIds.size);
    expect(before.confirmed + before.selfDeclared + before.onCall).toBe(before.count);
    await donor({ lab: null, declared: 'O-' });
    const held = await donor();
    await reachedBefore(held, 1);
    const after = await preview('URGENT');
    expect(after).toMatchObject({
      count: before.count + 1,
      selfDeclared: before.selfDeclared + 1,
      confirmed: before.confirmed,
      onCall: 0,
      heldByFatigue: before.heldByFatigue + 1,
    });
    const critical = await preview('CRITICAL');
    expect(critical.selfDeclared).toBe(0);
    expect(critical.count).toBe((await who('CRITICAL')).size);
    // A donor already booked on the campaign is not asked to come to it.
    const booked = await donor();
    expect((await who('CRITICAL')).has(booked)).toBe(true);
    await t.database.db
      .insert(appointments)
      .values({ userId: booked, campaignId: campaign.id, status: 'BOOKING', createdAt: vnAt(t, 0, '08:00') });
    expect((await who('CRITICAL')).has(booked)).toBe(false);
    const donorAuth = (await createLoggedInUser(t)).auth;
    const forbidden = await t.request({
      method: 'POST',
      url: ADMIN_APPEAL_API.previewCount,
      headers: donorAuth,
      payload: { groups: ['O-'], urgency: 'URGENT', campaignId: campaign.id },
    });
    expect(forbidden.status).toBe(403);
  });
});
