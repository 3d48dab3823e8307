import { and, asc, eq, inArray, notExists, sql } from 'drizzle-orm';
import { FINISHED_APPOINTMENT_STATUSES } from '@giot-hong/contract';
import type { Db } from '../../db/client.ts';
import {
  appointments,
  appointmentScreenings,
  campaigns,
  certificates,
  certificateUses,
  counsellingCases,
  donorProfiles,
  externalDonations,
  unitEvents,
} from '../../db/schema/index.ts';

/**
 * One donor's record in four queries, whatever the number of donations: the donations here with
 * their check and certificate (joined, not one query each), those elsewhere, and the profile.
 */
export function createDonationRecordRepository(db: Db) {
  return {
    async donationsHere(userId: number) {
      return db
        .select({
          appointmentId: appointments.id,
          donatedAt: appointments.donatedAt,
          organizeTime: campaigns.organizeTime,
          campaignName: campaigns.name,
          place: campaigns.location,
          donationType: appointments.donationType,
          volumeMl: appointments.volumeMl,
          unitNumber: appointments.unitNumber,
          emergency: appointments.emergency,
          screening: {
            weightKg: appointmentScreenings.weightKg,
            systolic: appointmentScreenings.systolic,
            diastolic: appointmentScreenings.diastolic,
            pulse: appointmentScreenings.pulse,
            hemoglobinGL: appointmentScreenings.hemoglobinGL,
            temperatureC: appointmentScreenings.temperatureC,
          },
          certificate: {
            serial: certificates.serial,
            volumeMl: certificates.volumeMl,
            revokedAt: certificates.revokedAt,
            usedMl: sql<number>`coalesce((select sum(${certificateUses.volumeMl}) from ${certificateUses} where ${certificateUses.certificateId} = ${certificates.id}), 0)::int`,
          },
        })
        .from(appointments)
        .innerJoin(campaigns, eq(campaigns.id, appointments.campaignId))
        .leftJoin(appointmentScreenings, eq(appointmentScreenings.appointmentId, appointments.id))
        .leftJoin(certificates, eq(certificates.appointmentId, appointments.id))
        .where(
          and(
            eq(appointments.userId, userId),
            inArray(appointments.status, [...FINISHED_APPOINTMENT_STATUSES]),
          ),
        )
        .orderBy(asc(appointments.donatedAt));
    },

    /**
     * The blood centre's events of all the donor's donations, in one query (the donor's
     * appointments, then unit_events_appointment_at_idx), oldest first. Only what the journey
     * shows: never a screening result or a discard reason. A donation whose counselling case is
     * open gives none of its events: a reactive result is told in person first.
     */
    async journeyEvents(userId: number) {
      return db
        .select({
          appointmentId: unitEvents.appointmentId,
          type: unitEvents.type,
          at: unitEvents.at,
          hospital: unitEvents.hospital,
          issuedOn: unitEvents.issuedOn,
        })
        .from(unitEvents)
        .innerJoin(appointments, eq(appointments.id, unitEvents.appointmentId))
        .where(
          and(
            eq(appointments.userId, userId),
            notExists(
              db
                .select({ one: sql`1` })
                .from(counsellingCases)
                .where(
                  and(
                    eq(counsellingCases.appointmentId, unitEvents.appointmentId),
                    eq(counsellingCases.status, 'OPEN'),
                  ),
                ),
            ),
          ),
        )
        .orderBy(asc(unitEvents.at), asc(unitEvents.id));
    },

    async donationsElsewhere(userId: number) {
      return db
        .select({
          id: externalDonations.id,
          donatedAt: externalDonations.donatedAt,
          place: externalDonations.place,
          donationType: externalDonations.donationType,
        })
        .from(externalDonations)
        .where(eq(externalDonations.userId, userId))
        .orderBy(asc(externalDonations.donatedAt));
    },

    async profile(userId: number) {
      const rows = await db
        .select({ gender: donorProfiles.gender, labBloodGroup: donorProfiles.labBloodGroup })
        .from(donorProfiles)
        .where(eq(donorProfiles.userId, userId))
        .limit(1);
      return rows[0];
    },
  };
}
export type DonationRecordRepository = ReturnType<typeof createDonationRecordRepository>;
