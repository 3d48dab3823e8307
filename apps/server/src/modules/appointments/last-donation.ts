import { FINISHED_APPOINTMENT_STATUSES } from '@giot-hong/contract';
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appointments } from '../../db/schema/index.ts';

/**
 * When the donor last gave whole blood: the latest DONE/COMPLETED appointment with a donation
 * time. Both the registration check and the next-eligible date start from it.
 */
export async function lastDonationAt(db: Db, userId: number): Promise<Date | undefined> {
  const rows = await db
    .select({ at: appointments.donatedAt })
    .from(appointments)
    .where(
      and(
        eq(appointments.userId, userId),
        inArray(appointments.status, [...FINISHED_APPOINTMENT_STATUSES]),
        isNotNull(appointments.donatedAt),
      ),
    )
    .orderBy(desc(appointments.donatedAt))
    .limit(1);
  return rows[0]?.at ?? undefined;
}
