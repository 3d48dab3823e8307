import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appointmentFeedback, contactMessages, idExtracts } from '../../db/schema/index.ts';

type Counts = { reviews: number; contact: number; feedback: number };

/**
 * The counts of work waiting for staff in one statement: three counts, each over a partial or a
 * status index (id_extracts_review_queue_idx, contact_messages_status_created_idx,
 * appointment_feedback_status_created_idx), never a scan of a whole table.
 */
export function createWaitingWorkRepository(db: Db) {
  return {
    async counts() {
      const result = await db.execute(sql`select
        (select count(*) from ${idExtracts}
          where ${idExtracts.reviewRequestedAt} is not null and ${idExtracts.reviewedAt} is null)::int as reviews,
        (select count(*) from ${contactMessages} where ${contactMessages.status} = 'NEW')::int as contact,
        (select count(*) from ${appointmentFeedback} where ${appointmentFeedback.status} = 'NEW')::int as feedback`);
      // node-postgres and PGlite both answer with `rows`.
      const row = ((result as { rows?: Counts[] }).rows ?? [])[0];
      return {
        identityReviews: Number(row?.reviews ?? 0),
        inboxNew: Number(row?.contact ?? 0) + Number(row?.feedback ?? 0),
      };
    },
  };
}
