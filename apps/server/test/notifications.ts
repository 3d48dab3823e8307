import { API } from '@giot-hong/contract';
import { and, asc, eq, like, sql } from 'drizzle-orm';
import { appointments, notifications } from '../src/db/schema/index.ts';
import type { TestContext } from './helper.ts';

/** Test helpers for notifications: registrations through the real API, rows read straight from the table. */

type Auth = { authorization: string };

/** The open campaigns, soonest first (as the landing page lists them). */
export async function listCampaigns(
  t: TestContext,
): Promise<{ id: number; name: string; location: string; organizeTime: string; questionSetId: number }[]> {
  return (await t.request({ method: 'GET', url: API.campaigns })).body.data;
}

/** Registers the donor for the campaign through POST /answer, answering 'false' to every question. */
export async function registerForCampaign(
  t: TestContext,
  auth: Auth,
  campaignId: number,
  questionSetId: number,
): Promise<number> {
  const set = (
    await t.request({ method: 'GET', url: `${API.questionSet}?id=${questionSetId}`, headers: auth })
  ).body.data;
  const answers = set.sections.flatMap((s: { questions: { id: number }[] }) =>
    s.questions.map((q) => ({ questionId: q.id, answer: 'false' })),
  );
  const res = await t.request({
    method: 'POST',
    url: API.answer,
    headers: auth,
    payload: { campaignId, answers },
  });
  if (res.status !== 200) throw new Error(`registration failed (${res.status}): ${res.body?.message}`);
  return res.body.data.appointmentId;
}

/** A donor's notification rows, oldest first. */
export function notificationRows(t: TestContext, userId: number) {
  return t.database.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(asc(notifications.id));
}

/** How many notifications each dedupe key starting with `prefix` has: every value must be 1. */
export async function countsByKey(t: TestContext, prefix: string): Promise<Map<string, number>> {
  const rows = await t.database.db
    .select({ key: notifications.dedupeKey, n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(like(notifications.dedupeKey, `${prefix}%`))
    .groupBy(notifications.dedupeKey);
  return new Map(rows.map((r) => [r.key!, Number(r.n)]));
}

/** Ids of the BOOKING appointments of a campaign. */
export async function bookingIds(t: TestContext, campaignId: number): Promise<number[]> {
  const rows = await t.database.db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.campaignId, campaignId), eq(appointments.status, 'BOOKING')))
    .orderBy(asc(appointments.id));
  return rows.map((r) => r.id);
}
