import {
  ADMIN_APPEAL_API,
  CONSENT_VERSIONS,
  type TAdminAppeal,
  type TAppealRequest,
} from '@giot-hong/contract';
import { asc } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { campaigns, consents, donorProfiles, questionSets } from '../src/db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { vnTimeOnDay } from '../src/lib/vn-time.ts';
import { createVerifiedDonor } from './donor.ts';
import type { TestContext } from './helper.ts';

/** Test helpers for appeals: campaigns on a chosen day, donors with a group and the APPEALS consent. */

type Auth = Record<string, string>;

/** An instant `dayOffset` days after the test clock's Vietnam day, at `hhmm` Vietnam time. */
export function vnAt(t: TestContext, dayOffset: number, hhmm: string): Date {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return vnTimeOnDay(t.clock.now(), dayOffset, h + m / 60);
}

/** A published campaign `dayOffset` days from the clock's day, receiving 07:00–17:00 (Vietnam). */
export async function appealCampaign(t: TestContext, dayOffset: number) {
  const [set] = await t.database.db
    .select({ id: questionSets.id })
    .from(questionSets)
    .orderBy(asc(questionSets.id))
    .limit(1);
  const [row] = await t.database.db
    .insert(campaigns)
    .values({
      name: `Ngày hội hiến máu ${randomUUID().slice(0, 6)}`,
      location: '82 Nguyễn Du, phường Cửa Nam, Hà Nội',
      description: 'Chiến dịch của lời kêu gọi',
      organizeTime: vnAt(t, dayOffset, '07:00'),
      startReceiveTime: vnAt(t, dayOffset, '07:00'),
      endReceiveTime: vnAt(t, dayOffset, '17:00'),
      targetBloodUnits: 200,
      questionSetId: set!.id,
      slotMinutes: 60,
      slotCapacity: 50,
    })
    .returning();
  return row!;
}

export type DonorOptions = {
  /** The laboratory's group (null: none). */
  lab?: string | null;
  /** The group the donor declared. */
  declared?: string | null;
  dob?: string;
  /** The APPEALS consent: current (default), none, withdrawn, or an older version. */
  consent?: 'current' | 'none' | 'withdrawn' | 'old';
};

/** A verified, logged-in donor with blood groups and (by default) the current APPEALS consent. */
export async function appealDonor(t: TestContext, o: DonorOptions = {}) {
  const d = await createVerifiedDonor(t, 'EXTRACTED', o.dob ? { dob: o.dob } : {});
  await t.database.db
    .update(donorProfiles)
    .set({ labBloodGroup: o.lab === undefined ? 'O-' : o.lab, bloodGroup: o.declared ?? null })
    .where(eq(donorProfiles.userId, d.user.id));
  const consent = o.consent ?? 'current';
  if (consent !== 'none')
    await t.database.db.insert(consents).values({
      userId: d.user.id,
      purpose: 'APPEALS',
      version: consent === 'old' ? '2025-01' : CONSENT_VERSIONS.APPEALS,
      givenAt: t.clock.now(),
      withdrawnAt: consent === 'withdrawn' ? t.clock.now() : null,
    });
  return d;
}

/** A valid appeal request for the campaign (ends at the campaign's end), with overrides. */
export function appealBody(campaign: { id: number; endReceiveTime: Date }, o: Partial<TAppealRequest> = {}) {
  return {
    idempotencyKey: randomUUID(),
    title: 'Cần gấp nhóm máu O−',
    message: 'Bệnh viện đang thiếu nhóm máu O−.\nMong bạn đến hiến <ngay>.',
    groups: ['O-'],
    urgency: 'URGENT',
    campaignId: campaign.id,
    endsAt: campaign.endReceiveTime.toISOString(),
    target: 10,
    ...o,
  } satisfies TAppealRequest;
}

/** Creates an appeal as staff; throws with the server's message when refused. */
export async function createAppeal(t: TestContext, staff: Auth, body: TAppealRequest): Promise<TAdminAppeal> {
  const res = await t.request({
    method: 'POST',
    url: ADMIN_APPEAL_API.appeals,
    headers: staff,
    payload: body,
  });
  if (res.status !== 200) throw new Error(`appeal refused (${res.status}): ${res.body?.message}`);
  return res.body.data;
}

/** The appeal as staff see it, once its background sending has stopped (done, waiting or stopped). */
export async function settledAppeal(t: TestContext, staff: Auth, id: number): Promise<TAdminAppeal> {
  await t.app.appeals.idle();
  const res = await t.request({ method: 'GET', url: ADMIN_APPEAL_API.appeal(id), headers: staff });
  if (res.status !== 200) throw new Error(`appeal not readable (${res.status}): ${res.body?.message}`);
  return res.body.data;
}
