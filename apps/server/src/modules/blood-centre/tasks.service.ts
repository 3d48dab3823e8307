import {
  BLOOD_GROUP_TASK_TEXTS as BG,
  COUNSELLING_TEXTS as C,
  ErrorCode,
  vnDayOf,
  type TBloodGroupTask,
  type TCounsellingCase,
  type TStaffPermission,
} from '@giot-hong/contract';
import type { Actor } from '../../lib/actor.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, HttpError, notFound } from '../../lib/http-error.ts';
import { audit, recordListView } from '../audit/audit.repository.ts';
import type { BloodGroupTaskRow, CaseRow, TasksRepository } from './tasks.repository.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;

const toCase = (r: CaseRow): TCounsellingCase => ({
  id: r.id,
  donorId: r.donorId,
  fullName: r.fullName,
  phone: r.phone,
  donatedOn: r.donatedAt ? vnDayOf(r.donatedAt) : vnDayOf(r.openedAt),
  unitNumber: r.unitNumber ?? '',
  openedAt: r.openedAt.toISOString(),
  callBy: r.callBy,
  status: r.status === 'CLOSED' ? 'CLOSED' : 'OPEN',
  closedAt: iso(r.closedAt),
  closedBy: r.closedBy,
  note: r.note,
});

const toBloodGroupTask = (r: BloodGroupTaskRow): TBloodGroupTask => ({
  id: r.id,
  donorId: r.donorId,
  fullName: r.fullName,
  unitNumber: r.unitNumber ?? '',
  earlierGroup: r.earlierGroup,
  reportedGroup: r.reportedGroup,
  openedAt: r.openedAt.toISOString(),
  status: r.status === 'CLOSED' ? 'CLOSED' : 'OPEN',
  resolution: r.resolution === 'APPLIED' ? 'APPLIED' : r.resolution === 'KEPT' ? 'KEPT' : null,
  resolvedBy: r.resolvedBy,
});

/**
 * Staff's tasks from the blood centre's events. Result counselling is for ADMIN and for staff
 * given RESULT_COUNSELLING only (anyone else gets 403, and the waiting-work count says nothing to
 * them); every view of it, list or case, is an audit row naming each donor shown, so it is in
 * their access log (in neutral words: see AUDIT_ACTIONS). Blood-group differences are for any staff.
 */
export function createTasksService(deps: {
  repo: TasksRepository;
  clock: Clock;
  permissions: { has(actor: Actor, permission: TStaffPermission): Promise<boolean> };
  /** Tells the donor their confirmed group changed (an APPLIED difference), after the commit. */
  notices: {
    labGroupCorrected(userId: number, taskId: number, earlier: string, lab: string): Promise<unknown>;
  };
}) {
  const { repo, clock } = deps;

  async function mayCounsel(actor: Actor) {
    if (!(await deps.permissions.has(actor, 'RESULT_COUNSELLING'))) throw new HttpError(ErrorCode.FORBIDDEN);
  }

  return {
    async counsellingCases(actor: Actor, status: 'OPEN' | 'CLOSED'): Promise<TCounsellingCase[]> {
      await mayCounsel(actor);
      const rows = await repo.cases(status);
      // Every view is a row, even one repeated a minute later: these cases are the most sensitive
      // thing the console shows.
      await audit(
        repo.auditWriter,
        actor,
        'donor.contact-case.list',
        { type: 'contact-case', id: null },
        clock.now(),
        {
          subjects: rows.map((r) => r.donorId),
          detail: { results: rows.length },
        },
      );
      return rows.map(toCase);
    },

    async counsellingCase(actor: Actor, id: number): Promise<TCounsellingCase> {
      await mayCounsel(actor);
      const row = await repo.case(id);
      if (!row) throw notFound(C.notFound);
      await audit(
        repo.auditWriter,
        actor,
        'donor.contact-case.view',
        { type: 'contact-case', id },
        clock.now(),
        {
          subjectUserId: row.donorId,
        },
      );
      return toCase(row);
    },

    /** 'Đã liên hệ, tư vấn': the donor may register again (the check no longer defers them). */
    async closeCounsellingCase(actor: Actor, id: number, note: string): Promise<TCounsellingCase> {
      await mayCounsel(actor);
      const now = clock.now();
      await repo.transaction(async (tx) => {
        const found = await repo.lockCase(tx, id);
        if (!found) throw notFound(C.notFound);
        if (found.status === 'CLOSED') throw conflict(C.alreadyClosed);
        await repo.closeCase(tx, id, actor.id, note, now);
        await audit(tx, actor, 'donor.contact-case.close', { type: 'contact-case', id }, now, {
          subjectUserId: found.userId,
        });
      });
      return toCase((await repo.case(id))!);
    },

    /** The differences, with the donors' names: a list view like the donor search's. */
    async bloodGroupTasks(actor: Actor, status: 'OPEN' | 'CLOSED'): Promise<TBloodGroupTask[]> {
      const rows = await repo.bloodGroupTasks(status);
      await recordListView(
        repo.auditWriter,
        {
          actor,
          action: 'donor.blood-group-task.list',
          target: { type: 'blood-group-task', id: null },
          subjects: rows.map((r) => r.donorId),
          requestId: actor.requestId,
          detail: { results: rows.length },
        },
        clock.now(),
      );
      return rows.map(toBloodGroupTask);
    },

    /** KEPT leaves the earlier lab group; APPLIED makes the new one the donor's confirmed group. */
    async resolveBloodGroupTask(
      actor: Actor,
      id: number,
      resolution: 'KEPT' | 'APPLIED',
    ): Promise<TBloodGroupTask> {
      const now = clock.now();
      const applied = await repo.transaction(async (tx) => {
        const task = await repo.lockBloodGroupTask(tx, id);
        if (!task) throw notFound(BG.notFound);
        if (task.status === 'CLOSED') throw conflict(BG.alreadyResolved);
        await repo.resolveBloodGroupTask(tx, id, resolution, actor.id, now);
        if (resolution === 'APPLIED')
          await repo.applyLabGroup(tx, task.userId, task.reportedGroup, task.reportedGroup, now);
        await audit(tx, actor, 'donor.blood-group-task.resolve', { type: 'blood-group-task', id }, now, {
          subjectUserId: task.userId,
          detail: { resolution, ...(resolution === 'APPLIED' ? { bloodGroup: task.reportedGroup } : {}) },
        });
        return resolution === 'APPLIED' ? task : null;
      });
      // The donor is told, as when a lab group replaces a self-declared one; KEPT changes nothing they see.
      if (applied)
        await deps.notices.labGroupCorrected(applied.userId, id, applied.earlierGroup, applied.reportedGroup);
      return toBloodGroupTask((await repo.bloodGroupTask(id))!);
    },
  };
}
export type TasksService = ReturnType<typeof createTasksService>;
