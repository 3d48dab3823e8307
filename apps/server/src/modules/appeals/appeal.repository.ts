import {
  CONSENT_VERSIONS,
  FINISHED_APPOINTMENT_STATUSES,
  type TAppealAnswer,
  type TAppealEndReason,
  type TAppealUrgency,
} from '@giot-hong/contract';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { intArrayParam, textArrayParam } from '../../db/array-param.ts';
import { rowsOf, type Db, type Tx } from '../../db/client.ts';
import {
  appealRecipients,
  appeals,
  appointments,
  campaigns,
  notifications,
  users,
} from '../../db/schema/index.ts';
import { donorFactsOf } from '../registration/registration.repository.ts';
import { slotRepository } from '../slots/slots.repository.ts';

export type AppealRow = typeof appeals.$inferSelect;
export type AppealCampaignRow = Pick<
  typeof campaigns.$inferSelect,
  | 'id'
  | 'name'
  | 'location'
  | 'questionSetId'
  | 'organizeTime'
  | 'startReceiveTime'
  | 'endReceiveTime'
  | 'slotMinutes'
  | 'slotCapacity'
>;
export type AppealWithCampaign = AppealRow & { campaign: AppealCampaignRow };

/** How a donor came into an appeal's audience. */
export type AppealBasis = 'CONFIRMED' | 'SELF_DECLARED' | 'ON_CALL';

/** A donor the audience's SQL lets through, before the eligibility rules and the 14-day rule. */
export type AppealCandidate = { id: number; basis: AppealBasis; recent: number };

/** What the audience's SQL selects on. */
export type CandidateQuery = {
  groups: readonly string[];
  urgency: TAppealUrgency;
  campaignId: number;
  /** The appeal being sent: its recipients are left out (a resumed sending reaches nobody twice). */
  appealId?: number;
  /** Rare-blood club members on call for these groups (the audience's extension point). */
  onCall: readonly number[];
  /** Start of the 14-day window: `recent` counts the donor's appeals reached since. */
  since: Date;
};

export type AppealCounts = {
  reached: number;
  opened: number;
  answered: number;
  coming: number;
  declined: number;
  booked: number;
  donated: number;
  emailed: number;
};

/** Serialises the sending's recipient inserts across processes (the 14-day rule is checked under it). */
const RECIPIENTS_LOCK_ID = 7_302_921;

const FINISHED = sql.join(
  FINISHED_APPOINTMENT_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

/**
 * A reached donor's booking for the appeal's campaign made after they were reached (alias `a`, for
 * recipient `r` of appeal `ap`): the appointments_user_campaign_live_uq index finds it.
 */
const bookedAfterReach = sql`a.user_id = r.user_id and a.campaign_id = ap.campaign_id
  and a.status <> 'CANCELLED' and a.created_at >= r.reached_at`;

const campaignColumns = {
  id: campaigns.id,
  name: campaigns.name,
  location: campaigns.location,
  questionSetId: campaigns.questionSetId,
  organizeTime: campaigns.organizeTime,
  startReceiveTime: campaigns.startReceiveTime,
  endReceiveTime: campaigns.endReceiveTime,
  slotMinutes: campaigns.slotMinutes,
  slotCapacity: campaigns.slotCapacity,
};

export function createAppealRepository(db: Db) {
  const selectWithCampaign = () =>
    db
      .select({ appeal: appeals, campaign: campaignColumns })
      .from(appeals)
      .innerJoin(campaigns, eq(campaigns.id, appeals.campaignId));
  const merge = (r: { appeal: AppealRow; campaign: AppealCampaignRow }): AppealWithCampaign => ({
    ...r.appeal,
    campaign: r.campaign,
  });

  return {
    transaction: db.transaction.bind(db),

    /** A campaign an appeal may name: published and not cancelled. */
    async findCampaign(id: number): Promise<AppealCampaignRow | undefined> {
      const [row] = await db
        .select(campaignColumns)
        .from(campaigns)
        .where(and(eq(campaigns.id, id), eq(campaigns.isPublished, true), isNull(campaigns.cancelledAt)))
        .limit(1);
      return row;
    },

    /** The campaign's slot starts (made first if it has none). */
    async slotStarts(c: AppealCampaignRow): Promise<Date[]> {
      let rows = await slotRepository.list(db, c.id);
      if (!rows.length) {
        await slotRepository.ensure(db, c);
        rows = await slotRepository.list(db, c.id);
      }
      return rows.map((s) => s.start);
    },

    /**
     * The next donors after `cursor` (ids ascending) who may hear of an appeal, by everything SQL
     * can say: an enabled, verified donor account; a lab-confirmed group asked for, or a
     * self-declared one (no lab group) for URGENT, or on call; the current APPEALS consent, not
     * withdrawn; no erasure requested; no live booking for the campaign already. `recent` is the
     * number of appeals that reached them since `since` (index appeal_recipients_user_reached_idx).
     */
    async candidates(q: CandidateQuery, cursor: number, limit: number): Promise<AppealCandidate[]> {
      const groups = textArrayParam(q.groups);
      const selfDeclared = q.urgency === 'URGENT';
      const result = await db.execute(sql`
        select p.user_id as id,
          case when oc.id is not null then 'ON_CALL'
               when p.lab_blood_group = any(${groups}::text[]) then 'CONFIRMED'
               else 'SELF_DECLARED' end as basis,
          (select count(*) from ${appealRecipients} rr
            where rr.user_id = p.user_id and rr.reached_at > ${q.since.toISOString()}::timestamptz)::int as recent
        from donor_profiles p
        join ${users} u on u.id = p.user_id
        left join unnest(${intArrayParam(q.onCall)}::int[]) as oc(id) on oc.id = p.user_id
        where p.status = 'EXTRACTED' and p.user_id > ${cursor}
          and u.role = 'DONOR' and u.enabled = true and u.email_verified_at is not null
          and (p.lab_blood_group = any(${groups}::text[])
            or (${selfDeclared}::boolean and p.lab_blood_group is null and p.blood_group = any(${groups}::text[]))
            or oc.id is not null)
          and exists (
            select 1 from (
              select c.version, c.withdrawn_at from consents c
              where c.user_id = p.user_id and c.purpose = 'APPEALS'
              order by c.given_at desc, c.id desc limit 1) lc
            where lc.withdrawn_at is null and lc.version = ${CONSENT_VERSIONS.APPEALS})
          and not exists (select 1 from account_deletions d where d.user_id = p.user_id and d.cancelled_at is null)
          and not exists (select 1 from ${appointments} a
            where a.user_id = p.user_id and a.campaign_id = ${q.campaignId} and a.status <> 'CANCELLED')
          and not exists (select 1 from ${appealRecipients} mine
            where mine.appeal_id = ${q.appealId ?? 0} and mine.user_id = p.user_id)
        order by p.user_id
        limit ${limit}`);
      return rowsOf<{ id: number; basis: AppealBasis; recent: number }>(result).map((r) => ({
        id: Number(r.id),
        basis: r.basis,
        recent: Number(r.recent),
      }));
    },

    /** What the registration rules read about each donor (registration.repository's one statement). */
    donorFacts: (ids: number[]) => donorFactsOf(db, ids),

    /** Inserts the appeal unless its idempotency key exists; returns the row and whether it is new. */
    async insert(tx: Tx, v: typeof appeals.$inferInsert): Promise<{ row: AppealRow; created: boolean }> {
      const [created] = await tx.insert(appeals).values(v).onConflictDoNothing().returning();
      if (created) return { row: created, created: true };
      const [existing] = await tx
        .select()
        .from(appeals)
        .where(eq(appeals.idempotencyKey, v.idempotencyKey))
        .limit(1);
      return { row: existing!, created: false };
    },

    async find(id: number): Promise<AppealWithCampaign | undefined> {
      const [row] = await selectWithCampaign().where(eq(appeals.id, id)).limit(1);
      return row && merge(row);
    },

    async list(): Promise<AppealWithCampaign[]> {
      const rows = await selectWithCampaign().orderBy(desc(appeals.createdAt), desc(appeals.id)).limit(100);
      return rows.map(merge);
    },

    /** Open appeals for everyone to see, the most urgent and soonest ending first. */
    async listOpen(now: Date): Promise<AppealWithCampaign[]> {
      const rows = await selectWithCampaign()
        .where(and(eq(appeals.status, 'OPEN'), sql`${appeals.endsAt} > ${now.toISOString()}::timestamptz`))
        .orderBy(sql`${appeals.urgency} = 'CRITICAL' desc`, appeals.endsAt, appeals.id)
        .limit(20);
      return rows.map(merge);
    },

    /** The live counts of these appeals, in one aggregate statement (no row per donor leaves SQL). */
    async counts(ids: number[]): Promise<Map<number, AppealCounts>> {
      const map = new Map<number, AppealCounts>();
      if (!ids.length) return map;
      const result = await db.execute(sql`
        select r.appeal_id as id,
          count(*)::int as reached,
          count(r.opened_at)::int as opened,
          count(r.answer)::int as answered,
          (count(*) filter (where r.answer = 'COMING'))::int as coming,
          (count(*) filter (where r.answer = 'DECLINED'))::int as declined,
          count(a.id)::int as booked,
          (count(*) filter (where a.status in (${FINISHED})))::int as donated,
          count(r.emailed_at)::int as emailed
        from ${appealRecipients} r
        join ${appeals} ap on ap.id = r.appeal_id
        left join ${appointments} a on ${bookedAfterReach}
        where r.appeal_id = any(${intArrayParam(ids)}::int[])
        group by r.appeal_id`);
      for (const r of rowsOf<AppealCounts & { id: number }>(result)) {
        const { id, ...counts } = r;
        map.set(
          Number(id),
          Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, Number(v)])) as AppealCounts,
        );
      }
      return map;
    },

    /**
     * Reaches the chosen donors, in one transaction: a recipient row and the notification for each
     * donor the 14-day rule (checked again here, under a lock every sending takes) still lets
     * through; another process's rows are seen. Returns the donors reached now.
     */
    async reach(
      appealId: number,
      picks: { id: number; basis: AppealBasis }[],
      rule: { since: Date; limit: number },
      notification: { type: number; title: string; content: string; link: string },
      now: Date,
    ): Promise<number[]> {
      if (!picks.length) return [];
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${RECIPIENTS_LOCK_ID})`);
        const result = await tx.execute(sql`
          insert into ${appealRecipients} (appeal_id, user_id, reached_at, basis)
          select ${appealId}, x.id, ${now.toISOString()}::timestamptz, x.basis
          from jsonb_to_recordset(${JSON.stringify(picks)}::jsonb) as x(id int, basis text)
          where x.basis = 'ON_CALL' or (
            select count(*) from ${appealRecipients} rr
            where rr.user_id = x.id and rr.reached_at > ${rule.since.toISOString()}::timestamptz) < ${rule.limit}
          on conflict do nothing
          returning user_id`);
        const reached = rowsOf<{ user_id: number }>(result).map((r) => Number(r.user_id));
        if (reached.length)
          await tx
            .insert(notifications)
            .values(
              reached.map((userId) => ({
                userId,
                ...notification,
                dedupeKey: `appeal:${appealId}`,
                createdAt: now,
              })),
            )
            .onConflictDoNothing();
        return reached;
      });
    },

    /**
     * Takes one recipient of the appeal whose e-mail is not taken yet (FOR UPDATE SKIP LOCKED: a
     * second process takes another): taken before sending, so a crash never sends it twice.
     */
    async takeMail(
      appealId: number,
      now: Date,
    ): Promise<{ userId: number; email: string; username: string } | undefined> {
      const result = await db.execute(sql`
        update ${appealRecipients} r set email_claimed_at = ${now.toISOString()}::timestamptz
        from ${users} u
        where u.id = r.user_id and r.appeal_id = ${appealId} and r.user_id = (
          select user_id from ${appealRecipients}
          where appeal_id = ${appealId} and email_claimed_at is null
          order by user_id limit 1
          for update skip locked)
        returning r.user_id, u.email, u.username`);
      const row = rowsOf<{ user_id: number; email: string; username: string }>(result)[0];
      return row && { userId: Number(row.user_id), email: row.email, username: row.username };
    },

    async markMailed(appealId: number, userId: number, now: Date) {
      await db
        .update(appealRecipients)
        .set({ emailedAt: now })
        .where(and(eq(appealRecipients.appealId, appealId), eq(appealRecipients.userId, userId)));
    },

    /**
     * Takes one open appeal whose sending is unfinished and whose lease is free (FOR UPDATE SKIP
     * LOCKED), URGENT ones only outside the quiet hours, and leases it until `until`.
     */
    async claim(now: Date, until: Date, quiet: boolean): Promise<AppealWithCampaign | undefined> {
      const result = await db.execute(sql`
        update ${appeals} set delivery_status = 'SENDING', locked_until = ${until.toISOString()}::timestamptz
        where id = (
          select id from ${appeals}
          where delivery_status in ('QUEUED', 'WAITING', 'SENDING') and status = 'OPEN'
            and (locked_until is null or locked_until < ${now.toISOString()}::timestamptz)
            and (urgency = 'CRITICAL' or not ${quiet}::boolean)
          order by id limit 1
          for update skip locked)
        returning id`);
      const id = rowsOf<{ id: number }>(result)[0]?.id;
      return id === undefined ? undefined : this.find(Number(id));
    },

    /** A batch done: where the next starts, and a longer lease. */
    async progress(id: number, cursor: number, until: Date) {
      await db.update(appeals).set({ cursor, lockedUntil: until }).where(eq(appeals.id, id));
    },

    /** The sending leaves SENDING (DONE, or WAITING for 07:00); an ended appeal keeps STOPPED. */
    async setDelivery(id: number, status: 'DONE' | 'WAITING', now: Date) {
      await db
        .update(appeals)
        .set({ deliveryStatus: status, lockedUntil: null, ...(status === 'DONE' ? { finishedAt: now } : {}) })
        .where(and(eq(appeals.id, id), eq(appeals.deliveryStatus, 'SENDING')));
    },

    /**
     * Ends open appeals whose target is booked (TARGET) or whose end time has passed (TIME) — all of
     * them, or the one given; an unfinished sending is STOPPED. Returns the ids ended.
     */
    async endDue(now: Date, only?: number): Promise<number[]> {
      const at = `${now.toISOString()}`;
      const which = only === undefined ? sql`true` : sql`ap.id = ${only}`;
      const ending = (reason: TAppealEndReason) => sql`set status = 'ENDED', end_reason = ${reason},
        ended_at = ${at}::timestamptz, locked_until = null,
        delivery_status = case when ap.delivery_status = 'DONE' then 'DONE' else 'STOPPED' end`;
      const byTarget = await db.execute(sql`
        update ${appeals} ap ${ending('TARGET')}
        where ap.status = 'OPEN' and ${which} and ap.target <= (
          select count(*) from ${appealRecipients} r join ${appointments} a on ${bookedAfterReach}
          where r.appeal_id = ap.id)
        returning ap.id`);
      const byTime = await db.execute(sql`
        update ${appeals} ap ${ending('TIME')}
        where ap.status = 'OPEN' and ${which} and ap.ends_at <= ${at}::timestamptz
        returning ap.id`);
      return [...rowsOf<{ id: number }>(byTarget), ...rowsOf<{ id: number }>(byTime)].map((r) =>
        Number(r.id),
      );
    },

    /** Staff end an open appeal (in the transaction of its audit row); false when it had ended. */
    async endByStaff(tx: Tx, id: number, now: Date): Promise<boolean> {
      const result = await tx.execute(sql`
        update ${appeals} ap set status = 'ENDED', end_reason = 'STAFF', ended_at = ${now.toISOString()}::timestamptz,
          locked_until = null,
          delivery_status = case when ap.delivery_status = 'DONE' then 'DONE' else 'STOPPED' end
        where ap.id = ${id} and ap.status = 'OPEN'
        returning ap.id`);
      return rowsOf(result).length > 0;
    },

    /** The appeals that reached the donor, newest first, with their answer and booking. */
    async mine(userId: number, appealId?: number) {
      const rows = await db
        .select({
          appeal: appeals,
          campaign: campaignColumns,
          reachedAt: appealRecipients.reachedAt,
          answer: appealRecipients.answer,
          answeredAt: appealRecipients.answeredAt,
          openedAt: appealRecipients.openedAt,
          booked: sql<boolean>`exists (select 1 from ${appointments} a
            where a.user_id = ${appealRecipients.userId} and a.campaign_id = ${appeals.campaignId}
              and a.status <> 'CANCELLED')`,
        })
        .from(appealRecipients)
        .innerJoin(appeals, eq(appeals.id, appealRecipients.appealId))
        .innerJoin(campaigns, eq(campaigns.id, appeals.campaignId))
        .where(
          and(
            eq(appealRecipients.userId, userId),
            appealId === undefined ? undefined : eq(appealRecipients.appealId, appealId),
          ),
        )
        .orderBy(desc(appealRecipients.reachedAt), desc(appeals.id))
        .limit(200);
      return rows.map((r) => ({
        ...r,
        appeal: { ...r.appeal, campaign: r.campaign },
        booked: r.booked === true || (r.booked as unknown) === 't',
      }));
    },

    /** Reading an appeal counts as opening it, once. */
    async markOpened(appealId: number, userId: number, now: Date) {
      await db
        .update(appealRecipients)
        .set({ openedAt: now })
        .where(
          and(
            eq(appealRecipients.appealId, appealId),
            eq(appealRecipients.userId, userId),
            isNull(appealRecipients.openedAt),
          ),
        );
    },

    async answer(appealId: number, userId: number, answer: TAppealAnswer, now: Date) {
      await db
        .update(appealRecipients)
        .set({
          answer,
          answeredAt: now,
          openedAt: sql`coalesce(${appealRecipients.openedAt}, ${now.toISOString()}::timestamptz)`,
        })
        .where(and(eq(appealRecipients.appealId, appealId), eq(appealRecipients.userId, userId)));
    },
  };
}
export type AppealRepository = ReturnType<typeof createAppealRepository>;
