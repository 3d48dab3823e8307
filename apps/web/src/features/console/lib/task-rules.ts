import type { TASK_STATUSES, TAdminWaitingWork, TCounsellingCase } from '@giot-hong/contract';

/** A task's state in the inbox: open (to do) or closed. */
export type TTaskStatus = (typeof TASK_STATUSES)[number];

/**
 * Whether a counselling case is past the chapter's deadline to call. `callBy` is a Vietnam day
 * (yyyy-mm-dd) and the call may still be made on that day, so a case is overdue from the day
 * after it, and only while it is open: a closed case is never overdue. Days in this shape
 * compare as strings.
 */
export function isOverdue(c: Pick<TCounsellingCase, 'callBy' | 'status'>, today: string): boolean {
  return c.status === 'OPEN' && c.callBy < today;
}

/**
 * Open cases in the order staff should call them: the earliest deadline first (the overdue ones
 * lead), then the oldest case. Closed cases: the most recently closed first.
 */
export function sortCases<T extends Pick<TCounsellingCase, 'callBy' | 'openedAt' | 'closedAt' | 'status'>>(
  cases: readonly T[],
): T[] {
  return [...cases].sort((a, b) =>
    a.status === 'OPEN' && b.status === 'OPEN'
      ? a.callBy.localeCompare(b.callBy) || a.openedAt.localeCompare(b.openedAt)
      : (b.closedAt ?? '').localeCompare(a.closedAt ?? ''),
  );
}

/**
 * Whether the signed-in account may see result-counselling cases: an ADMIN always, a staff member
 * with the permission RESULT_COUNSELLING. `permissions` is undefined while unknown (then: no).
 */
export function canCounsel(role: string, permissions: readonly string[] | undefined): boolean {
  return role === 'ADMIN' || (role === 'STAFF' && (permissions ?? []).includes('RESULT_COUNSELLING'));
}

/**
 * What waits in the inbox area: new messages, and the open tasks beside them (blood-group
 * differences; counselling cases only for those allowed, the server sends null to the others).
 */
export function inboxWork(w: TAdminWaitingWork): { messages: number; tasks: number; total: number } {
  const tasks = w.bloodGroupTasksOpen + (w.counsellingOpen ?? 0);
  return { messages: w.inboxNew, tasks, total: w.inboxNew + tasks };
}
