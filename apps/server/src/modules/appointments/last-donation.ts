import {
  DONATION_INTERVAL_DAYS,
  FINISHED_APPOINTMENT_STATUSES,
  vnDayOf,
  type TDonationType,
} from '@giot-hong/contract';
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appointments, externalDonations } from '../../db/schema/index.ts';
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
 * appointments and donations made elsewhere (recorded by staff), the one whose interval ends last (a platelet donation after whole blood does
 * not shorten the whole-blood interval). Rows without a type (older data) count as whole blood.
 * Both the registration check and the next-eligible date start from it.
 */
export async function decisiveDonation(db: Db, userId: number): Promise<Donation | undefined> {
  const here = db
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
  const elsewhere = db
    .select({ at: externalDonations.donatedAt, donationType: externalDonations.donationType })
    .from(externalDonations)
    .where(eq(externalDonations.userId, userId))
    .orderBy(desc(externalDonations.donatedAt))
    .limit(RECENT_DONATIONS);
  const rows = [...(await here), ...(await elsewhere)];
  return decisiveOf(rows);
}

/** The decisive donation among finished donations (any order; only the latest few can matter). */
export function decisiveOf(
  donations: { at: Date | null; donationType: string | null }[],
): Donation | undefined {
  const rows = donations
    .filter((r) => r.at)
    .sort((x, y) => y.at!.getTime() - x.at!.getTime())
    .slice(0, RECENT_DONATIONS);
  let best: { d: Donation; next: number } | undefined;
  for (const r of rows) {
    const type = (r.donationType ?? 'WHOLE_BLOOD') as TDonationType;
    const d: Donation = { at: r.at!, donationType: type in DONATION_INTERVAL_DAYS ? type : 'WHOLE_BLOOD' };
    const next = nextEligibleDay(d).getTime();
    if (!best || next > best.next) best = { d, next };
  }
  return best?.d;
}

/**
 * The first Vietnam day (yyyy-MM-dd) a donor may give again after these finished donations, or
 * null when they may give at `now` (or never gave): the donor's record and the rare-blood club's
 * listing say the same day.
 */
export function nextEligibleDate(
  donations: { at: Date | null; donationType: string | null }[],
  now: Date,
): string | null {
  const decisive = decisiveOf(donations);
  const next = decisive ? nextEligibleDay(decisive) : null;
  return next && next.getTime() > now.getTime() ? vnDayOf(next) : null;
}
