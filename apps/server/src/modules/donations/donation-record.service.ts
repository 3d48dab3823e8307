import {
  certificateState,
  screeningWithFindings,
  unitNumberTail,
  vnDayOf,
  type TDonationRecord,
} from '@giot-hong/contract';
import { nextEligibleDate } from '../appointments/last-donation.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DonationRecordRepository } from './donation-record.repository.ts';
import { donationJourney } from './donation-journey.ts';

/** The donor's record, put together from the repository's four reads. */
export function createDonationRecordService(deps: { repo: DonationRecordRepository; clock: Clock }) {
  const { repo } = deps;
  return {
    async recordOf(userId: number): Promise<TDonationRecord> {
      const [here, elsewhere, profile, events] = await Promise.all([
        repo.donationsHere(userId),
        repo.donationsElsewhere(userId),
        repo.profile(userId),
        repo.journeyEvents(userId),
      ]);
      const donations = here.map((d) => {
        // Judged against the volume given (250 ml before one is recorded: the stricter haemoglobin).
        const checked = screeningWithFindings(d.screening, {
          ...d,
          volumeMl: d.volumeMl ?? 250,
          gender: profile?.gender,
        });
        const screening = checked && {
          ...checked,
          findings: checked.findings.map((f) => ({ field: f.field, message: f.message })),
        };
        const c = d.certificate;
        const certificate =
          c && c.serial
            ? {
                serial: c.serial,
                state: certificateState({ revokedAt: c.revokedAt, volumeMl: c.volumeMl!, usedMl: c.usedMl }),
                remainingMl: Math.max(0, c.volumeMl! - c.usedMl),
              }
            : null;
        const donatedOn = vnDayOf(d.donatedAt ?? d.organizeTime);
        return {
          appointmentId: d.appointmentId,
          donatedOn,
          campaignName: d.campaignName,
          place: d.place,
          donationType: d.donationType,
          volumeMl: d.volumeMl,
          unitNumberTail: d.unitNumber ? unitNumberTail(d.unitNumber) : null,
          emergency: d.emergency,
          screening,
          certificate,
          journey: donationJourney(
            donatedOn,
            d.unitNumber !== null,
            events.filter((e) => e.appointmentId === d.appointmentId),
          ),
        };
      });
      const nextEligible = nextEligibleDate(
        [...here, ...elsewhere].map((d) => ({ at: d.donatedAt, donationType: d.donationType })),
        deps.clock.now(),
      );
      return {
        donations,
        elsewhere: elsewhere.map((e) => ({
          id: e.id,
          donatedOn: vnDayOf(e.donatedAt),
          place: e.place,
          donationType: e.donationType,
        })),
        totals: {
          count: donations.length + elsewhere.length,
          volumeMl: donations.reduce((sum, d) => sum + (d.volumeMl ?? 0), 0),
        },
        labBloodGroup: profile?.labBloodGroup ?? null,
        nextEligibleDate: nextEligible,
      };
    },
  };
}
export type DonationRecordService = ReturnType<typeof createDonationRecordService>;
