import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import {
  appointmentFeedback,
  bloodGroupTasks,
  contactMessages,
  counsellingCases,
  idExtracts,
} from '../../db/schema/index.ts';

type Counts = {
  reviews: number;
  contact: number;
  feedback: number;
  counselling: number;
  blood_groups: number;
};

/**
 * The counts of work waiting for staff in one statement: each count over a partial or a status
 * index (id_extracts_review_queue_idx, contact_messages_status_created_idx,
 * appointment_feedback_status_created_idx, counselling_cases_status_call_by_idx,
 * blood_group_tasks_status_opened_idx), never a scan of a whole table.
 */
export function createWaitingWorkRepository(db: Db) {
  return {
    async counts() {
      const result = await db.execute(sql`select
        (select count(*) from ${idExtracts}
          where ${idExtracts.reviewRequestedAt} is not null and ${idExtracts.reviewedAt} is null)::int as reviews,
        (select count(*) from ${contactMessages} where ${contactMessages.status} = 'NEW')::int as contact,
        (select count(*) from ${appointmentFeedback} where ${appointmentFeedback.status} = 'NEW')::int as feedback,
        (select count(*) from ${counsellingCases} where ${counsellingCases.status} = 'OPEN')::int as counselling,
        (select count(*) from ${bloodGroupTasks} where ${bloodGroupTasks.status} = 'OPEN')::int as blood_groups`);
      const row = rowsOf<Counts>(result)[0];
      return {
        identityReviews: Number(row?.reviews ?? 0),
        inboxNew: Number(row?.contact ?? 0) + Number(row?.feedback ?? 0),
        counsellingOpen: Number(row?.counselling ?? 0),
        bloodGroupTasksOpen: Number(row?.blood_groups ?? 0),
      };
    },
  };
}
