import type { TAuditEntry } from '@giot-hong/contract';
import { consolePaths } from '../../../lib/paths';

/**
 * Where a row's target is seen in the console: a donor's page, the staff accounts page, a
 * campaign, a news item … or nowhere (a search, the audit trail itself). An appointment leads to
 * its donor's page (which lists the appointment).
 */
export function auditTargetHref(
  e: Pick<TAuditEntry, 'targetType' | 'targetId' | 'targetUserRole' | 'subjectUserId'>,
): string | null {
  const id = e.targetId;
  switch (e.targetType) {
    case 'user':
      if (id === null || !e.targetUserRole) return null;
      return e.targetUserRole === 'DONOR' ? consolePaths.donor(id) : consolePaths.staff;
    case 'campaign':
      return id === null ? null : consolePaths.campaignEdit(id);
    case 'news':
      return id === null ? null : consolePaths.newsEdit(id);
    case 'question_set':
      return id === null ? null : consolePaths.questionSet(id);
    case 'appointment':
      return e.subjectUserId === null ? null : consolePaths.donor(e.subjectUserId);
    case 'broadcast':
      return consolePaths.broadcasts;
    case 'contact_message':
    case 'appointment_feedback':
      return consolePaths.inbox;
    case 'identity-review':
      return consolePaths.identityReviews;
    default:
      return null;
  }
}
