import {
  DONATION_INTERVAL_DAYS,
  FINISHED_APPOINTMENT_STATUSES,
  type TDonationType,
} from '@giot-hong/contract';
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appointments } from '../../db/schema/index.ts';
import { vnStartOfDay } from '../../lib/vn-time.ts';

const DAY_MS = 86_400_000;
/** No interval is longer than this many recent donations can matter. */
const RECENT_DONATIONS = 5;

export type Donation = { at: Date; donationType: TDonationType };

/** The first day (Vietnam) a donor may give again after one donation, by its type. */
export function nextEligibleDay(d: Donation): Date {
  return new Date(vnStartOfDay(d.at).getTime() + DONATION_INTERVAL_DAYS[d.donationType] * DAY_MS);
}

/**
 * The donation that decides when the donor may give again: of the latest DONE/COMPLETED
 * appointments, the one whose interval ends last (a platelet donation after whole blood does
 * not shorten the whole-blood interval). Rows without a type (older data) count as whole blood.
 * Both the registration check and the next-eligible date start from it.
 */
export async function decisiveDonation(db: Db, userId: number): Promise<Donation | undefined> {
  const rows = await db
    .select({ at: appointments.donatedAt, donationType: appointments.donationType })
    .from(appointments)
    .where(
      and(
        eq(appointments.userId, userId),
        inArray(appointments.status, [...FINISHED_APPOINTMENT_STATUSES]),
        isNotNull(appointments.donatedAt),
      ),
    )
    .orderBy(desc(appointments.donatedAt))
    .limit(RECENT_DONATIONS);
  let best: { d: Donation; next: number } | undefined;
  for (const r of rows) {
    const type = (r.donationType ?? 'WHOLE_BLOOD') as TDonationType;
    const d: Donation = { at: r.at!, donationType: type in DONATION_INTERVAL_DAYS ? type : 'WHOLE_BLOOD' };
    const next = nextEligibleDay(d).getTime();
    if (!best || next > best.next) best = { d, next };
  }
  return best?.d;
}
