import { z } from 'zod';
import { ZEnvelope } from './envelope.ts';

/*
 * The work waiting for staff: ID cards to review and new messages in the inbox, counted for the
 * console's navigation.
 */

export const ADMIN_WAITING_WORK_API = {
  /** How much work waits for staff (the console's navigation shows it). */
  waitingWork: '/api/admin/waiting-work',
} as const;

/** Work waiting for staff, counted for the console's navigation (no personal data). */
export const ZAdminWaitingWork = z.object({
  /** ID cards in the review queue (not trusted by the server, or disputed). */
  identityReviews: z.number().int(),
  /** Contact messages and appointment feedback still 'Mới'. */
  inboxNew: z.number().int(),
  /**
   * Open result-counselling cases; null for a staff member without the permission
   * RESULT_COUNSELLING (they may not know that any exist).
   */
  counsellingOpen: z.number().int().nullable(),
  /** Open blood-group differences (any staff). */
  bloodGroupTasksOpen: z.number().int(),
});
export type TAdminWaitingWork = z.infer<typeof ZAdminWaitingWork>;
export const ZAdminWaitingWorkResponse = ZEnvelope(ZAdminWaitingWork);
