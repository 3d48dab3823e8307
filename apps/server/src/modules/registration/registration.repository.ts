import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { intArrayParam } from '../../db/array-param.ts';
import { rowsOf, type Db } from '../../db/client.ts';
import { batched } from '../../lib/batched.ts';
import { newCheckInCode } from '../appointments/check-in-code.ts';
import { questionSetCache } from '../question-sets/question-set-cache.ts';
import { questionRows } from '../question-sets/question-set.repository.ts';
import { slotRepository, type SlotRow } from '../slots/slots.repository.ts';
import { SlotFull } from '../slots/slots.service.ts';
import {
  answers,
  appointments,
  campaignSlots,
  campaigns,
  questionSections,
  questionSets,
  questions,
} from '../../db/schema/index.ts';

export type CampaignRow = typeof campaigns.$inferSelect;

/** One of the donor's appointments (not cancelled), with the campaign facts the rules need. */
export type HistoryItem = {
  campaignId: number;
  status: string;
  createdAt: Date;
  donatedAt: Date | null;
  donationType: string | null;
  deferralReason: string | null;
  deferralText: string | null;
  deferredUntil: Date | null;
  campaign: { name: string; organizeTime: Date; endReceiveTime: Date };
};
/** Everything the registration rules read about a donor, fetched in one statement. */
export type DonorFacts = {
  identity: { status: string; dob: string | null } | undefined;
  history: HistoryItem[];
  /** Donations made elsewhere, recorded by staff (they count for the interval rule). */
  elsewhere: { at: Date | null; donationType: string | null }[];
  /** A result staff must give in person first (an open counselling case). */
  counsellingOpen: boolean;
};

const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));

/** Everything the registration rules read about each donor, in one statement whatever their number. */
export async function donorFactsOf(db: Db, userIds: readonly number[]): Promise<Map<number, DonorFacts>> {
  const facts = new Map<number, DonorFacts>();
  if (userIds.length === 0) return facts;
  const ids = intArrayParam(userIds);
  const result = await db.execute(sql`
    select who.user_id, p.status, p.dob, coalesce((
      select json_agg(json_build_object(
        'campaignId', a.campaign_id, 'status', a.status, 'createdAt', a.created_at,
        'donatedAt', a.donated_at, 'donationType', a.donation_type,
        'deferralReason', a.deferral_reason, 'deferralText', a.deferral_text,
        'deferredUntil', a.deferred_until, 'name', c.name, 'organizeTime', c.organize_time,
        'endReceiveTime', c.end_receive_time))
      from appointments a join campaigns c on c.id = a.campaign_id
      where a.user_id = who.user_id and a.status <> 'CANCELLED'), '[]'::json) as history,
      coalesce((
        select json_agg(json_build_object('at', e.donated_at, 'donationType', e.donation_type))
        from external_donations e where e.user_id = who.user_id), '[]'::json) as elsewhere,
      exists (select 1 from counselling_cases cc
              where cc.user_id = who.user_id and cc.status = 'OPEN') as counselling_open
    from unnest(${ids}::int[]) as who(user_id) left join donor_profiles p on p.user_id = who.user_id`);
  const rows = rowsOf<{
    user_id: number;
    status: string | null;
    dob: string | null;
    history: Record<string, unknown>[] | string;
    elsewhere: Record<string, unknown>[] | string;
    counselling_open: boolean | string;
  }>(result);
  const json = (v: Record<string, unknown>[] | string) =>
    typeof v === 'string' ? (JSON.parse(v) as Record<string, unknown>[]) : v;
  for (const row of rows) {
    facts.set(Number(row.user_id), {
      identity: row.status === null ? undefined : { status: row.status, dob: row.dob },
      counsellingOpen: row.counselling_open === true || row.counselling_open === 't',
      elsewhere: json(row.elsewhere).map((e) => ({
        at: date(e.at),
        donationType: (e.donationType as string | null) ?? null,
      })),
      history: json(row.history).map((h) => ({
        campaignId: Number(h.campaignId),
        status: String(h.status),
        createdAt: date(h.createdAt)!,
        donatedAt: date(h.donatedAt),
        donationType: (h.donationType as string | null) ?? null,
        deferralReason: (h.deferralReason as string | null) ?? null,
        deferralText: (h.deferralText as string | null) ?? null,
        deferredUntil: date(h.deferredUntil),
        campaign: {
          name: String(h.name),
          organizeTime: date(h.organizeTime)!,
          endReceiveTime: date(h.endReceiveTime)!,
        },
      })),
    });
  }
  return facts;
}

const slottedCampaigns = new WeakMap<object, Set<number>>();

export function createRegistrationRepository(db: Db) {
  const setCache = questionSetCache(db);
  // Campaigns known to have their time slots (per database handle, like the question sets).
  let slotted = slottedCampaigns.get(db);
  if (!slotted) slottedCampaigns.set(db, (slotted = new Set()));
  /** A question set with its sections and questions, ordered: two queries whatever its size. */
  async function loadQuestionSet(id: number) {
    const [set] = await db.select().from(questionSets).where(eq(questionSets.id, id)).limit(1);
    if (!set) return undefined;
    const rows = await questionRows(db, id);
    return { set, rows };
  }

  return {
    /**
     * A published, not cancelled campaign. The campaigns of requests arriving while one such read
     * is on its way are read together after it, in one statement (ADR 65).
     */
    findCampaign: batched(async (ids: readonly number[]): Promise<(CampaignRow | undefined)[]> => {
      const rows = await db
        .select()
        .from(campaigns)
        .where(
          and(
            sql`${campaigns.id} = any(${intArrayParam(ids)}::int[])`,
            eq(campaigns.isPublished, true),
            isNull(campaigns.cancelledAt),
          ),
        );
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id));
    }),

    /**
     * The set with its sections and questions, ordered: two queries whatever its size, then kept
     * in memory until staff edit a set (question-sets/question-set-cache.ts, ADR 35).
     */
    findQuestionSet(id: number) {
      return setCache.get(id, () => loadQuestionSet(id));
    },

    /**
     * The donor's verification and every appointment that is not cancelled, with its campaign's
     * dates: one statement (index appointments_user_created_idx), the rules are applied in code.
     * The donors of requests arriving while one such read is on its way are read together after it.
     */
    donorFacts: batched(async (ids: readonly number[]): Promise<DonorFacts[]> => {
      const facts = await donorFactsOf(db, ids);
      return ids.map((id) => facts.get(id)!);
    }),

    /** The same facts for many donors in one statement (appeals judge a batch of donors at once). */
    donorFactsOf: (userIds: number[]) => donorFactsOf(db, userIds),

    /** The campaign's slots in time order; a campaign that has none gets them first. */
    async slots(c: CampaignRow): Promise<SlotRow[]> {
      const rows = await slotRepository.list(db, c.id);
      if (rows.length) {
        slotted.add(c.id);
        return rows;
      }
      await slotRepository.ensure(db, c);
      slotted.add(c.id);
      return slotRepository.list(db, c.id);
    },

    /**
     * Makes sure the campaign has its slots, reading them only the first time: a campaign that has
     * slots never loses them all (a new window adds its slots before removing unbooked old ones).
     */
    async ensureSlots(c: CampaignRow): Promise<void> {
      if (!slotted.has(c.id)) await this.slots(c);
    },

    /**
     * Creates the BOOKING appointment with its answers and takes its place in a time slot, in one
     * statement (atomic on its own: no transaction, one round trip). The slot's `booked < capacity`
     * is checked again when its row is locked, so concurrent bookings never overbook. A second live
     * registration violates `appointments_user_campaign_live_uq` and a removed question the answers'
     * foreign key: either fails the statement, slot included. A full slot throws SlotFull. Without
     * `requested`, the earliest slot starting after `notBefore` with a place is taken (again if it
     * filled between choosing and locking it).
     */
    async createAppointmentWithAnswers(
      userId: number,
      campaignId: number,
      items: { questionId: number; answer: boolean; detail: string | null }[],
      now: Date,
      slot: { requested?: Date; notBefore: Date },
    ): Promise<{ id: number; slotStart: Date }> {
      const rows = JSON.stringify(items.map((i) => ({ q: i.questionId, a: i.answer, d: i.detail })));
      const at = now.toISOString();
      const chosen = slot.requested
        ? sql`${slot.requested.toISOString()}::timestamptz`
        : sql`(select s.start_time from ${campaignSlots} s
               where s.campaign_id = ${campaignId} and s.start_time > ${slot.notBefore.toISOString()}::timestamptz
                 and s.booked < s.capacity
               order by s.start_time limit 1)`;
      for (let attempt = 0; ; attempt++) {
        const result = await db.execute(sql`
          with taken as (
            update ${campaignSlots} set booked = booked + 1
            where campaign_id = ${campaignId} and start_time = ${chosen} and booked < capacity
            returning start_time
          ), appointment as (
            insert into ${appointments} (user_id, campaign_id, status, check_in_code, slot_start, created_at, updated_at)
            select ${userId}, ${campaignId}, 'BOOKING', ${newCheckInCode()}, taken.start_time, ${at}::timestamptz, ${at}::timestamptz
            from taken
            returning id, slot_start
          ), saved as (
            insert into ${answers} (appointment_id, question_id, answer, detail)
            select appointment.id, x.q, x.a, x.d
            from appointment, jsonb_to_recordset(${rows}::jsonb) as x(q integer, a boolean, d text)
          )
          select id, slot_start from appointment`);
        const row = rowsOf<{ id: number; slot_start: string | Date }>(result)[0];
        if (row) return { id: Number(row.id), slotStart: new Date(row.slot_start) };
        if (slot.requested) throw new SlotFull(slot.requested);
        // No slot named: none free, or the one chosen filled meanwhile (then choose again).
        if (attempt >= 20 || !(await slotRepository.earliestFree(db, campaignId, slot.notBefore)))
          throw new SlotFull(undefined);
      }
    },

    /** The answers saved with the donor's live appointment for a campaign, in questionnaire order. */
    async savedAnswers(userId: number, campaignId: number) {
      return db
        .select({ answer: answers, question: questions, section: questionSections })
        .from(answers)
        .innerJoin(appointments, eq(appointments.id, answers.appointmentId))
        .innerJoin(questions, eq(questions.id, answers.questionId))
        .innerJoin(questionSections, eq(questionSections.id, questions.sectionId))
        .where(
          and(
            eq(appointments.userId, userId),
            eq(appointments.campaignId, campaignId),
            ne(appointments.status, 'CANCELLED'),
          ),
        )
        .orderBy(asc(questionSections.order), asc(questions.order), asc(questions.id));
    },
  };
}
export type RegistrationRepository = ReturnType<typeof createRegistrationRepository>;
