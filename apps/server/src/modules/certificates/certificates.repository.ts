import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { audit } from '../audit/audit.repository.ts';
import {
  appointments,
  campaigns,
  certificateSequences,
  certificates,
  certificateUses,
  donorProfiles,
  users,
} from '../../db/schema/index.ts';

export type CertificateRow = typeof certificates.$inferSelect;
/** A certificate with the volume its recorded uses took. */
export type CertificateWithUse = CertificateRow & { usedMl: number };

// Written out with an alias: in a select from one table drizzle leaves column names unqualified,
// and a bare "id" inside the subquery would be the use's own id.
const usedMl = sql<number>`coalesce((select sum(cu.volume_ml) from certificate_uses cu where cu.certificate_id = "certificates"."id"), 0)::int`;

export function createCertificateRepository(db: Db) {
  return {
    /**
     * The next serial number of `year`, inside the caller's transaction. The upsert locks the
     * year's row until the transaction ends: concurrent DONE recordings take 1, 2, 3 … in turn,
     * and a recording that rolls back gives its number back.
     */
    async nextSequence(tx: Db, year: number): Promise<number> {
      const rows = await tx
        .insert(certificateSequences)
        .values({ year, last: 1 })
        .onConflictDoUpdate({
          target: certificateSequences.year,
          set: { last: sql`${certificateSequences.last} + 1` },
        })
        .returning({ last: certificateSequences.last });
      return rows[0]!.last;
    },

    /** What a certificate prints of a DONE appointment: the donor's verified identity and the volume. */
    async donationToCertify(tx: Db, appointmentId: number) {
      const rows = await tx
        .select({
          userId: appointments.userId,
          volumeMl: appointments.volumeMl,
          donatedAt: appointments.donatedAt,
          organizeTime: campaigns.organizeTime,
          fullName: donorProfiles.fullName,
          dob: donorProfiles.dob,
          address: sql<string | null>`coalesce(${donorProfiles.address}, ${donorProfiles.addressContact})`,
        })
        .from(appointments)
        .innerJoin(campaigns, eq(campaigns.id, appointments.campaignId))
        .leftJoin(donorProfiles, eq(donorProfiles.userId, appointments.userId))
        .where(eq(appointments.id, appointmentId))
        .limit(1);
      return rows[0];
    },

    async insert(tx: Db, row: typeof certificates.$inferInsert): Promise<CertificateRow> {
      return (await tx.insert(certificates).values(row).returning())[0]!;
    },

    /** A correction of the DONE changes the volume or the day: the certificate follows, re-signed. */
    async updateSigned(
      tx: Db,
      id: number,
      fields: Pick<CertificateRow, 'volumeMl' | 'donatedOn' | 'signature' | 'keyId'>,
    ): Promise<void> {
      await tx.update(certificates).set(fields).where(eq(certificates.id, id));
    },

    async findByAppointment(tx: Db, appointmentId: number): Promise<CertificateRow | undefined> {
      return (
        await tx.select().from(certificates).where(eq(certificates.appointmentId, appointmentId)).limit(1)
      )[0];
    },

    async findBySerial(serial: string): Promise<CertificateWithUse | undefined> {
      const rows = await db
        .select({ c: certificates, usedMl })
        .from(certificates)
        .where(eq(certificates.serial, serial))
        .limit(1);
      return rows[0] && { ...rows[0].c, usedMl: rows[0].usedMl };
    },

    /** The donor's certificates by appointment (their record and appointment views). */
    async listForUser(userId: number): Promise<CertificateWithUse[]> {
      const rows = await db
        .select({ c: certificates, usedMl })
        .from(certificates)
        .where(eq(certificates.userId, userId))
        .orderBy(certificates.donatedOn);
      return rows.map((r) => ({ ...r.c, usedMl: r.usedMl }));
    },

    async userExists(userId: number): Promise<boolean> {
      return (await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1)).length > 0;
    },

    /** The uses recorded on these certificates, oldest first. */
    async usesOf(certificateIds: number[]) {
      if (!certificateIds.length) return [];
      return db
        .select({
          certificateId: certificateUses.certificateId,
          usedOn: certificateUses.usedOn,
          hospital: certificateUses.hospital,
          volumeMl: certificateUses.volumeMl,
        })
        .from(certificateUses)
        .where(inArray(certificateUses.certificateId, certificateIds))
        .orderBy(asc(certificateUses.usedOn), asc(certificateUses.id));
    },

    /** Staff read a donor's certificates (the donor page): audited, with the donor as subject. */
    async auditList(actor: Actor, userId: number, at: Date): Promise<void> {
      await audit(db, actor, 'certificate.list', { type: 'user', id: userId }, at, {
        subjectUserId: userId,
      });
    },

    /**
     * Records a use unless it exceeds what remains: the certificate's row is locked first, so two
     * uses recorded at once cannot together exceed the volume. Returns the remaining volume
     * before the use when it is refused.
     */
    async addUse(
      certificateId: number,
      use: { usedOn: string; hospital: string; volumeMl: number; recordedBy: number },
      /** Runs in the same transaction once the use is stored (the audit row). */
      written: (tx: Db, useId: number) => Promise<unknown>,
    ): Promise<{ ok: true; remainingMl: number; useId: number } | { ok: false; remainingMl: number }> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ volumeMl: certificates.volumeMl })
          .from(certificates)
          .where(eq(certificates.id, certificateId))
          .for('update');
        const [{ used }] = (await tx
          .select({ used: sql<number>`coalesce(sum(${certificateUses.volumeMl}), 0)::int` })
          .from(certificateUses)
          .where(eq(certificateUses.certificateId, certificateId))) as [{ used: number }];
        const remaining = row!.volumeMl - used;
        if (use.volumeMl > remaining) return { ok: false, remainingMl: remaining };
        const [stored] = await tx
          .insert(certificateUses)
          .values({ certificateId, ...use })
          .returning({ id: certificateUses.id });
        await written(tx, stored!.id);
        return { ok: true, remainingMl: remaining - use.volumeMl, useId: stored!.id };
      });
    },

    /** Revokes unless already revoked (false then); `written` runs in the same transaction. */
    async revoke(
      tx: Db | null,
      id: number,
      reason: string,
      by: number | null,
      at: Date,
      written: (tx: Db) => Promise<unknown> = async () => {},
    ): Promise<boolean> {
      const run = async (t: Db) => {
        const rows = await t
          .update(certificates)
          .set({ revokedAt: at, revokeReason: reason, revokedBy: by })
          .where(and(eq(certificates.id, id), sql`${certificates.revokedAt} is null`))
          .returning({ id: certificates.id });
        if (rows.length) await written(t);
        return rows.length > 0;
      };
      return tx ? run(tx) : db.transaction(run);
    },

    /** A staff member downloaded a donor's certificate: audited, with the donor as subject. */
    async auditView(actor: Actor, c: CertificateRow, at: Date): Promise<void> {
      await audit(db, actor, 'certificate.view', { type: 'certificate', id: c.id }, at, {
        subjectUserId: c.userId,
      });
    },
  };
}
export type CertificateRepository = ReturnType<typeof createCertificateRepository>;
