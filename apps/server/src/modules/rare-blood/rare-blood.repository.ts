import { FINISHED_APPOINTMENT_STATUSES, vnTimeOfDay } from '@giot-hong/contract';
import { and, asc, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  accountDeletions,
  appointments,
  donorProfiles,
  externalDonations,
  rareBloodMembers,
  users,
} from '../../db/schema/index.ts';
import { addressInPlace } from '../../lib/address-place.ts';
import type { AuditWriter } from '../audit/audit.repository.ts';

export type MemberRow = typeof rareBloodMembers.$inferSelect;

/** The listing's filter: one laboratory group, and where the member lives (names, not codes). */
export type MemberFilter = { group: string; province?: string; ward?: string };

/** An active donor account that has not confirmed the erasure of its account (no one calls those). */
const callableAccount = sql`${users.role} = 'DONOR' and ${users.enabled} = true
  and not exists (select 1 from ${accountDeletions} d where d.user_id = ${users.id}
    and d.cancelled_at is null and d.confirmed_at is not null)`;

/** Where the member lives: a province, or a ward of it (lib/address-place.ts matches the address's end). */
function placeCondition(f: MemberFilter): SQL | undefined {
  if (!f.province) return undefined;
  return addressInPlace(donorProfiles.addressContact, f.ward ? `${f.ward}, ${f.province}` : f.province);
}

export function createRareBloodRepository(db: Db) {
  return {
    /** Audit rows of the staff listing (a read: no transaction of its own). */
    auditWriter: db as AuditWriter,
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => db.transaction((tx) => fn(tx as unknown as Tx)),

    /** The donor's laboratory group and membership row (either may be missing). */
    async stateOf(userId: number, tx: Tx = db) {
      const [profile] = await tx
        .select({ labBloodGroup: donorProfiles.labBloodGroup })
        .from(donorProfiles)
        .where(eq(donorProfiles.userId, userId))
        .limit(1);
      const [member] = await tx
        .select()
        .from(rareBloodMembers)
        .where(eq(rareBloodMembers.userId, userId))
        .limit(1);
      return { labBloodGroup: profile?.labBloodGroup ?? null, member };
    },

    /** Joins or updates; hours left null keep the ones stored (on call off does not forget them). */
    async upsert(
      tx: Tx,
      v: { userId: number; onCall: boolean; callHours: { from: string; to: string } | null; at: Date },
    ): Promise<void> {
      const hours = v.callHours ? { callFrom: v.callHours.from, callTo: v.callHours.to } : {};
      await tx
        .insert(rareBloodMembers)
        .values({ userId: v.userId, onCall: v.onCall, ...hours, joinedAt: v.at, updatedAt: v.at })
        .onConflictDoUpdate({
          target: rareBloodMembers.userId,
          set: { onCall: v.onCall, ...hours, updatedAt: v.at },
        });
    },

    /** Ends a membership (leaving, or the club's consent withdrawn); nothing when not a member. */
    async remove(tx: Tx, userId: number): Promise<void> {
      await tx.delete(rareBloodMembers).where(eq(rareBloodMembers.userId, userId));
    },

    /** The member's own row, for the data export. */
    async memberOf(userId: number) {
      const [row] = await db.select().from(rareBloodMembers).where(eq(rareBloodMembers.userId, userId));
      return row;
    },

    /**
     * Members whose laboratory group is `f.group` (through donor_profiles_rare_lab_group_idx),
     * on call first, then by name; at most `limit` rows.
     */
    async members(f: MemberFilter, limit: number) {
      return db
        .select({
          userId: rareBloodMembers.userId,
          fullName: donorProfiles.fullName,
          group: donorProfiles.labBloodGroup,
          address: donorProfiles.addressContact,
          phone: donorProfiles.mobile,
          onCall: rareBloodMembers.onCall,
          callFrom: rareBloodMembers.callFrom,
          callTo: rareBloodMembers.callTo,
          joinedAt: rareBloodMembers.joinedAt,
        })
        .from(donorProfiles)
        .innerJoin(rareBloodMembers, eq(rareBloodMembers.userId, donorProfiles.userId))
        .innerJoin(users, eq(users.id, donorProfiles.userId))
        .where(and(eq(donorProfiles.labBloodGroup, f.group), callableAccount, placeCondition(f)))
        .orderBy(desc(rareBloodMembers.onCall), asc(donorProfiles.fullName), asc(rareBloodMembers.userId))
        .limit(limit);
    },

    /**
     * The finished donations of the given donors, here and elsewhere (two queries whatever the
     * number of donors): the eligibility rule picks the decisive one of each.
     */
    async donationsOf(userIds: number[]) {
      if (userIds.length === 0) return [];
      const here = await db
        .select({
          userId: appointments.userId,
          at: appointments.donatedAt,
          donationType: appointments.donationType,
        })
        .from(appointments)
        .where(
          and(
            inArray(appointments.userId, userIds),
            inArray(appointments.status, [...FINISHED_APPOINTMENT_STATUSES]),
            isNotNull(appointments.donatedAt),
          ),
        );
      const elsewhere = await db
        .select({
          userId: externalDonations.userId,
          at: externalDonations.donatedAt,
          donationType: externalDonations.donationType,
        })
        .from(externalDonations)
        .where(inArray(externalDonations.userId, userIds));
      return [...here, ...elsewhere] as { userId: number; at: Date | null; donationType: string | null }[];
    },
  };
}
export type RareBloodRepository = ReturnType<typeof createRareBloodRepository>;

/**
 * The members who may be phoned now for a patient needing one of `groups`: laboratory group among
 * them, on call, `at` within their hours in Vietnam time (from included, to excluded; hours that
 * cross midnight too), the account active and not waiting for its erasure. The appeals feature
 * calls it. 'HH:MM' texts compare as times, so the hours are matched in SQL.
 */
export async function onCallMemberIds(db: Db | Tx, groups: string[], at: Date): Promise<number[]> {
  if (groups.length === 0) return [];
  const now = vnTimeOfDay(at);
  const from = rareBloodMembers.callFrom;
  const to = rareBloodMembers.callTo;
  const rows = await db
    .select({ id: rareBloodMembers.userId })
    .from(rareBloodMembers)
    .innerJoin(donorProfiles, eq(donorProfiles.userId, rareBloodMembers.userId))
    .innerJoin(users, eq(users.id, rareBloodMembers.userId))
    .where(
      and(
        eq(rareBloodMembers.onCall, true),
        inArray(donorProfiles.labBloodGroup, groups),
        callableAccount,
        sql`((${from} < ${to} and ${from} <= ${now} and ${now} < ${to})
          or (${from} > ${to} and (${from} <= ${now} or ${now} < ${to})))`,
      ),
    )
    .orderBy(asc(rareBloodMembers.userId));
  return rows.map((r) => r.id);
}
