import {
  and,
  asc,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { TAdminAppointmentStatus, TAdminCampaignFilter } from '@giot-hong/contract';
import type { Db, Tx } from '../../db/client.ts';
import type { AuditWriter } from '../audit/audit.repository.ts';
import { donorSearchCondition, escapeLike, type DonorSearch } from '../donors-admin/donor-search.ts';
import {
  answers,
  appointments,
  appointmentScreenings,
  campaignImages,
  campaigns,
  certificates,
  donorProfiles,
  questionSets,
  users,
} from '../../db/schema/index.ts';
import { slotRepository } from '../slots/slots.repository.ts';

/** Counts per appointment state of every campaign, one grouped query (no per-campaign count). */
function countsSubquery(db: Db) {
  const n = (cond: SQL) => sql<number>`count(*) filter (where ${cond})`.mapWith(Number);
  return db
    .select({
      campaignId: appointments.campaignId,
      registered: n(sql`${appointments.status} <> 'CANCELLED'`).as('registered'),
      booked: n(sql`${appointments.status} = 'BOOKING'`).as('booked'),
      checkedIn: n(sql`${appointments.checkedInAt} is not null and ${appointments.status} <> 'CANCELLED'`).as(
        'checked_in',
      ),
      done: n(sql`${appointments.status} in ('DONE', 'COMPLETED')`).as('done'),
      deferred: n(sql`${appointments.status} = 'DEFERRED'`).as('deferred'),
      noShow: n(sql`${appointments.status} = 'NO_SHOW'`).as('no_show'),
      cancelled: n(sql`${appointments.status} = 'CANCELLED'`).as('cancelled'),
    })
    .from(appointments)
    .groupBy(appointments.campaignId)
    .as('counts');
}

export type AdminCampaignRow = typeof campaigns.$inferSelect & {
  counts: {
    registered: number;
    booked: number;
    checkedIn: number;
    done: number;
    deferred: number;
    noShow: number;
    cancelled: number;
  };
};

export type CampaignFields = {
  name: string;
  location: string;
  description: string;
  organizeTime: Date;
  startReceiveTime: Date;
  endReceiveTime: Date;
  targetBloodUnits: number;
  questionSetId: number;
  slotMinutes: number;
  slotCapacity: number;
};

const like = (s: string) => `%${escapeLike(s)}%`;

/** The campaign filters of the console: the SQL of each. */
function filterCondition(filter: TAdminCampaignFilter, now: Date): SQL {
  if (filter === 'cancelled') return isNotNull(campaigns.cancelledAt);
  if (filter === 'past') return and(isNull(campaigns.cancelledAt), lt(campaigns.endReceiveTime, now))!;
  return and(isNull(campaigns.cancelledAt), gte(campaigns.endReceiveTime, now))!;
}

/** The day list's status filter: a checked-in booking is BOOKING with a check-in time; DONE includes older COMPLETED. */
const STATUS_CONDITIONS: Record<TAdminAppointmentStatus, SQL> = {
  BOOKING: and(eq(appointments.status, 'BOOKING'), isNull(appointments.checkedInAt))!,
  CHECKED_IN: and(eq(appointments.status, 'BOOKING'), isNotNull(appointments.checkedInAt))!,
  DONE: sql`${appointments.status} in ('DONE', 'COMPLETED')`,
  DEFERRED: eq(appointments.status, 'DEFERRED'),
  NO_SHOW: eq(appointments.status, 'NO_SHOW'),
  CANCELLED: eq(appointments.status, 'CANCELLED'),
};

/** The day list's order: by slot, then name; the id makes pages stable between two requests. */
const DAY_ORDER = [
  sql`${appointments.slotStart} asc nulls last`,
  asc(donorProfiles.fullName),
  asc(appointments.id),
] as const;

export function createCampaignAdminRepository(db: Db) {
  /** The first appointment matching `where`, with its campaign's day and cancellation. */
  async function appointmentWhere(tx: Tx, where: SQL, lock: boolean) {
    const q = tx
      .select({
        id: appointments.id,
        userId: appointments.userId,
        campaignId: appointments.campaignId,
        status: appointments.status,
        checkedInAt: appointments.checkedInAt,
        outcomeAt: appointments.outcomeAt,
        unitNumber: appointments.unitNumber,
        organizeTime: campaigns.organizeTime,
        cancelledAt: campaigns.cancelledAt,
      })
      .from(appointments)
      .innerJoin(campaigns, eq(campaigns.id, appointments.campaignId))
      .where(where)
      .limit(1);
    const rows = lock ? await q.for('update', { of: appointments }) : await q;
    return rows[0];
  }

  /**
   * The rows of the day list (one per appointment, with the donor and a flag for any 'Có' answer)
   * that match `where`: the list of a campaign and a single appointment read the same columns,
   * so a desk's answer after a check-in is the row the list shows.
   */
  const dayListRows = (where: SQL | undefined) =>
    db
      .select({
        id: appointments.id,
        campaignId: appointments.campaignId,
        userId: appointments.userId,
        status: appointments.status,
        checkedInAt: appointments.checkedInAt,
        donationType: appointments.donationType,
        volumeMl: appointments.volumeMl,
        deferralReason: appointments.deferralReason,
        deferralText: appointments.deferralText,
        deferredUntil: appointments.deferredUntil,
        outcomeAt: appointments.outcomeAt,
        slotStart: appointments.slotStart,
        unitNumber: appointments.unitNumber,
        emergency: appointments.emergency,
        username: users.username,
        fullName: donorProfiles.fullName,
        mobile: donorProfiles.mobile,
        dob: donorProfiles.dob,
        gender: donorProfiles.gender,
        bloodGroup: donorProfiles.bloodGroup,
        // The venue check and the certificate: joined (one row each at most), never a query per row.
        screening: {
          weightKg: appointmentScreenings.weightKg,
          systolic: appointmentScreenings.systolic,
          diastolic: appointmentScreenings.diastolic,
          pulse: appointmentScreenings.pulse,
          hemoglobinGL: appointmentScreenings.hemoglobinGL,
          temperatureC: appointmentScreenings.temperatureC,
        },
        certificateSerial: certificates.serial,
        hasYesAnswer: sql<boolean>`exists (select 1 from ${answers} where ${answers.appointmentId} = ${appointments.id} and ${answers.answer})`,
      })
      .from(appointments)
      .innerJoin(users, eq(users.id, appointments.userId))
      .leftJoin(donorProfiles, eq(donorProfiles.userId, appointments.userId))
      .leftJoin(appointmentScreenings, eq(appointmentScreenings.appointmentId, appointments.id))
      .leftJoin(certificates, eq(certificates.appointmentId, appointments.id))
      .where(where);

  async function selectWithCounts(where: SQL | undefined, order: 'asc' | 'desc') {
    const counts = countsSubquery(db);
    const rows = await db
      .select({
        campaign: campaigns,
        registered: counts.registered,
        booked: counts.booked,
        checkedIn: counts.checkedIn,
        done: counts.done,
        deferred: counts.deferred,
        noShow: counts.noShow,
        cancelled: counts.cancelled,
      })
      .from(campaigns)
      .leftJoin(counts, eq(counts.campaignId, campaigns.id))
      .where(where)
      .orderBy(
        order === 'asc' ? asc(campaigns.organizeTime) : desc(campaigns.organizeTime),
        asc(campaigns.id),
      );
    return rows.map((r): AdminCampaignRow => ({
      ...r.campaign,
      counts: {
        registered: Number(r.registered ?? 0),
        booked: Number(r.booked ?? 0),
        checkedIn: Number(r.checkedIn ?? 0),
        done: Number(r.done ?? 0),
        deferred: Number(r.deferred ?? 0),
        noShow: Number(r.noShow ?? 0),
        cancelled: Number(r.cancelled ?? 0),
      },
    }));
  }

  return {
    async list(filter: TAdminCampaignFilter, search: string | undefined, now: Date) {
      const where = and(
        filterCondition(filter, now),
        search ? or(ilike(campaigns.name, like(search)), ilike(campaigns.location, like(search))) : undefined,
      );
      return selectWithCounts(where, filter === 'upcoming' ? 'asc' : 'desc');
    },

    /** How many campaigns each filter holds: one query. */
    async filterCounts(now: Date) {
      const n = (cond: SQL) => sql<number>`count(*) filter (where ${cond})`.mapWith(Number);
      const [row] = await db
        .select({
          upcoming: n(filterCondition('upcoming', now)),
          past: n(filterCondition('past', now)),
          cancelled: n(filterCondition('cancelled', now)),
        })
        .from(campaigns);
      return { upcoming: row?.upcoming ?? 0, past: row?.past ?? 0, cancelled: row?.cancelled ?? 0 };
    },

    async find(id: number): Promise<AdminCampaignRow | undefined> {
      return (await selectWithCounts(eq(campaigns.id, id), 'asc'))[0];
    },

    async questionSetExists(id: number) {
      const rows = await db.select({ id: questionSets.id }).from(questionSets).where(eq(questionSets.id, id));
      return rows.length > 0;
    },

    /** The plain handle, for reads and audit rows outside a transaction. */
    /**
     * What audit rows are written with when no transaction is open: insert-only, so every read and
     * change of the service still goes through the methods below.
     */
    auditWriter: db as AuditWriter,
    transaction: db.transaction.bind(db),

    async insert(tx: Pick<Db, 'insert'>, fields: CampaignFields, now: Date) {
      const [row] = await tx
        .insert(campaigns)
        .values({ ...fields, createdAt: now, updatedAt: now })
        .returning({ id: campaigns.id });
      return row!.id;
    },

    async update(tx: Pick<Db, 'update'>, id: number, fields: CampaignFields, now: Date) {
      const rows = await tx
        .update(campaigns)
        .set({ ...fields, updatedAt: now })
        .where(and(eq(campaigns.id, id), isNull(campaigns.cancelledAt)))
        .returning({ id: campaigns.id });
      return rows.length > 0;
    },

    /** Marks the campaign cancelled and cancels its bookings; returns the cancelled bookings' owners. */
    async cancel(tx: Tx, id: number, reason: string, now: Date) {
      const done = await tx
        .update(campaigns)
        .set({ cancelledAt: now, cancelReason: reason, updatedAt: now })
        .where(and(eq(campaigns.id, id), isNull(campaigns.cancelledAt)))
        .returning({ id: campaigns.id });
      if (done.length === 0) return null;
      const cancelled = await tx
        .update(appointments)
        .set({ status: 'CANCELLED', cancelledAt: now, updatedAt: now })
        .where(and(eq(appointments.campaignId, id), eq(appointments.status, 'BOOKING')))
        .returning({ id: appointments.id, userId: sql<number>`${appointments.userId}` });
      // Every place is free again (the slots stay, for the record of the day).
      await slotRepository.recount(tx, id);
      return cancelled;
    },

    async emails(userIds: number[]) {
      if (userIds.length === 0) return [];
      return db
        .select({ id: users.id, email: users.email, username: users.username })
        .from(users)
        .where(sql`${users.id} in ${userIds}`);
    },

    async saveImage(id: number, content: Buffer, mimeType: string, now: Date) {
      await db.transaction(async (tx) => {
        await tx
          .insert(campaignImages)
          .values({ campaignId: id, content, mimeType, updatedAt: now })
          .onConflictDoUpdate({
            target: campaignImages.campaignId,
            set: { content, mimeType, updatedAt: now },
          });
        await tx
          .update(campaigns)
          .set({ imageUrl: `/api/campaigns/${id}/image?v=${now.getTime()}`, updatedAt: now })
          .where(eq(campaigns.id, id));
      });
    },

    async image(id: number) {
      const rows = await db.select().from(campaignImages).where(eq(campaignImages.campaignId, id));
      return rows[0];
    },

    /**
     * The whole day's list of one campaign (the exports), with a flag for any 'Có' answer: one
     * query. The day page reads it a page at a time (`dayPage`).
     */
    async appointments(campaignId: number) {
      return dayListRows(eq(appointments.campaignId, campaignId)).orderBy(...DAY_ORDER);
    },

    /**
     * One page of the day's list, filtered and searched over the whole day, with what the page
     * shows of the whole day: how many donors the filter matches and the check-ins per time slot.
     * Two queries whatever the day's size: the counts grouped by slot (every booking of the
     * campaign, through appointments_campaign_slot_idx; the rows stay in the database), then the
     * page's rows, at most `pageSize` of them. A page past the end is the last one.
     */
    async dayPage(
      campaignId: number,
      q: { status?: TAdminAppointmentStatus; search?: DonorSearch; page: number; pageSize: number },
    ) {
      // The list shows a person: an erased donor's anonymous row is counted, never listed (ADR 20).
      const listed = and(
        isNotNull(users.id),
        q.status ? STATUS_CONDITIONS[q.status] : undefined,
        q.search ? donorSearchCondition(q.search) : undefined,
      )!;
      const n = (cond: SQL) => sql<number>`count(*) filter (where ${cond})`.mapWith(Number);
      const groups = await db
        .select({
          slotStart: appointments.slotStart,
          listed: n(listed),
          checkedIn: n(
            sql`${appointments.checkedInAt} is not null and ${appointments.status} <> 'CANCELLED'`,
          ),
        })
        .from(appointments)
        .leftJoin(users, eq(users.id, appointments.userId))
        .where(eq(appointments.campaignId, campaignId))
        .groupBy(appointments.slotStart);
      const total = groups.reduce((sum, g) => sum + g.listed, 0);
      const totalPages = Math.max(1, Math.ceil(total / q.pageSize));
      const page = Math.min(q.page, totalPages - 1);
      // The page's ids first (ordered on the few columns the order needs), then their rows: the
      // answers' flag and the joins are computed for the page's 50, not for the whole day.
      const pageIds = db
        .select({ id: appointments.id })
        .from(appointments)
        .innerJoin(users, eq(users.id, appointments.userId))
        .leftJoin(donorProfiles, eq(donorProfiles.userId, appointments.userId))
        .where(and(eq(appointments.campaignId, campaignId), listed))
        .orderBy(...DAY_ORDER)
        .limit(q.pageSize)
        .offset(page * q.pageSize);
      const rows =
        total === 0 ? [] : await dayListRows(inArray(appointments.id, pageIds)).orderBy(...DAY_ORDER);
      const slots = groups
        .filter((g) => g.slotStart !== null)
        .map((g) => ({ start: g.slotStart!, checkedIn: g.checkedIn }))
        .sort((a, b) => a.start.getTime() - b.start.getTime());
      return { rows, total, page, totalPages, slots };
    },

    /**
     * One appointment with what a check-in or an outcome checks (its state, its campaign's day and
     * cancellation), by id; locked until the caller's transaction ends when `lock` is set.
     */
    async findAppointment(id: number, opts: { tx?: Tx; lock?: boolean } = {}) {
      return appointmentWhere(opts.tx ?? db, eq(appointments.id, id), opts.lock ?? false);
    },

    /** The same by check-in code (a scanned or typed code). */
    async findAppointmentByCode(code: string) {
      return appointmentWhere(db, eq(appointments.checkInCode, code), false);
    },

    /** One row of the day list by appointment id (what a desk shows after a click), or undefined. */
    async dayListAppointment(id: number) {
      const rows = await dayListRows(eq(appointments.id, id)).limit(1);
      return rows[0];
    },

    async checkIn(id: number, now: Date) {
      const rows = await db
        .update(appointments)
        .set({ checkedInAt: now, updatedAt: now })
        .where(
          and(eq(appointments.id, id), eq(appointments.status, 'BOOKING'), isNull(appointments.checkedInAt)),
        )
        .returning({ id: appointments.id });
      return rows.length > 0;
    },

    /** Records (or replaces) the venue check of an appointment. */
    async upsertScreening(tx: Tx, row: typeof appointmentScreenings.$inferInsert): Promise<void> {
      const { appointmentId: _id, ...values } = row;
      await tx.insert(appointmentScreenings).values(row).onConflictDoUpdate({
        target: appointmentScreenings.appointmentId,
        set: values,
      });
    },

    /** The check recorded for an appointment, with the donor's sex (the weight limits differ). */
    async screeningOf(tx: Tx, appointmentId: number) {
      const rows = await tx
        .select({ s: appointmentScreenings, gender: donorProfiles.gender })
        .from(appointmentScreenings)
        .innerJoin(appointments, eq(appointments.id, appointmentScreenings.appointmentId))
        .leftJoin(donorProfiles, eq(donorProfiles.userId, appointments.userId))
        .where(eq(appointmentScreenings.appointmentId, appointmentId))
        .limit(1);
      return rows[0];
    },

    /** Whether another donation already has this unit number (the unique index says so too). */
    async unitNumberTaken(tx: Tx, unitNumber: string, exceptAppointmentId: number): Promise<boolean> {
      const rows = await tx
        .select({ id: appointments.id })
        .from(appointments)
        .where(and(eq(appointments.unitNumber, unitNumber), ne(appointments.id, exceptAppointmentId)))
        .limit(1);
      return rows.length > 0;
    },

    async setOutcome(
      tx: Pick<Db, 'update'>,
      id: number,
      values: Partial<typeof appointments.$inferInsert>,
      expectOutcomeAt: Date | null,
    ) {
      const rows = await tx
        .update(appointments)
        .set(values)
        .where(
          and(
            eq(appointments.id, id),
            ne(appointments.status, 'CANCELLED'),
            expectOutcomeAt === null
              ? isNull(appointments.outcomeAt)
              : eq(appointments.outcomeAt, expectOutcomeAt),
          ),
        )
        .returning({ id: appointments.id });
      return rows.length > 0;
    },
  };
}
export type CampaignAdminRepository = ReturnType<typeof createCampaignAdminRepository>;
