import { asc, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import {
  appointments,
  bloodGroupTasks,
  counsellingCases,
  donorProfiles,
  users,
} from '../../db/schema/index.ts';
import type { AuditWriter } from '../audit/audit.repository.ts';
import { confirmLabGroup } from './unit-events.repository.ts';

/** A list shows at most this many tasks (the open ones are few; the closed ones newest first). */
export const TASK_LIST_MAX = 500;

const closer = alias(users, 'closer');

/** A counselling case with who to call (name, phone) and the donation it is about. */
function caseQuery(db: Tx) {
  return db
    .select({
      id: counsellingCases.id,
      donorId: counsellingCases.userId,
      fullName: donorProfiles.fullName,
      phone: donorProfiles.mobile,
      donatedAt: appointments.donatedAt,
      unitNumber: appointments.unitNumber,
      openedAt: counsellingCases.openedAt,
      callBy: counsellingCases.callBy,
      status: counsellingCases.status,
      closedAt: counsellingCases.closedAt,
      closedBy: closer.username,
      note: counsellingCases.note,
    })
    .from(counsellingCases)
    .innerJoin(appointments, eq(appointments.id, counsellingCases.appointmentId))
    .leftJoin(donorProfiles, eq(donorProfiles.userId, counsellingCases.userId))
    .leftJoin(closer, eq(closer.id, counsellingCases.closedBy));
}
export type CaseRow = Awaited<ReturnType<ReturnType<typeof caseQuery>['where']>>[number];

function bloodGroupTaskQuery(db: Tx) {
  return db
    .select({
      id: bloodGroupTasks.id,
      donorId: bloodGroupTasks.userId,
      fullName: donorProfiles.fullName,
      unitNumber: appointments.unitNumber,
      earlierGroup: bloodGroupTasks.earlierGroup,
      reportedGroup: bloodGroupTasks.reportedGroup,
      openedAt: bloodGroupTasks.openedAt,
      status: bloodGroupTasks.status,
      resolution: bloodGroupTasks.resolution,
      resolvedBy: closer.username,
    })
    .from(bloodGroupTasks)
    .innerJoin(appointments, eq(appointments.id, bloodGroupTasks.appointmentId))
    .leftJoin(donorProfiles, eq(donorProfiles.userId, bloodGroupTasks.userId))
    .leftJoin(closer, eq(closer.id, bloodGroupTasks.resolvedBy));
}
export type BloodGroupTaskRow = Awaited<ReturnType<ReturnType<typeof bloodGroupTaskQuery>['where']>>[number];

/** Staff tasks from the blood centre's events: result counselling and blood-group differences. */
export function createTasksRepository(db: Db) {
  return {
    auditWriter: db as AuditWriter,
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => db.transaction((tx) => fn(tx as unknown as Tx)),

    /** Open cases by deadline, closed ones newest first (counselling_cases_status_call_by_idx). */
    async cases(status: 'OPEN' | 'CLOSED') {
      return caseQuery(db)
        .where(eq(counsellingCases.status, status))
        .orderBy(
          ...(status === 'OPEN'
            ? [asc(counsellingCases.callBy), asc(counsellingCases.id)]
            : [desc(counsellingCases.closedAt), desc(counsellingCases.id)]),
        )
        .limit(TASK_LIST_MAX);
    },

    async case(id: number, tx: Tx = db): Promise<CaseRow | undefined> {
      const [row] = await caseQuery(tx).where(eq(counsellingCases.id, id)).limit(1);
      return row;
    },

    /** Locks the case; its status and donor, or undefined when there is none. */
    async lockCase(tx: Tx, id: number) {
      const [row] = await tx
        .select({ status: counsellingCases.status, userId: counsellingCases.userId })
        .from(counsellingCases)
        .where(eq(counsellingCases.id, id))
        .for('update');
      return row;
    },

    async closeCase(tx: Tx, id: number, by: number, note: string, at: Date): Promise<void> {
      await tx
        .update(counsellingCases)
        .set({ status: 'CLOSED', closedAt: at, closedBy: by, note })
        .where(eq(counsellingCases.id, id));
    },

    /** Open tasks oldest first, resolved ones newest first (blood_group_tasks_status_opened_idx). */
    async bloodGroupTasks(status: 'OPEN' | 'CLOSED') {
      return bloodGroupTaskQuery(db)
        .where(eq(bloodGroupTasks.status, status))
        .orderBy(
          ...(status === 'OPEN'
            ? [asc(bloodGroupTasks.openedAt), asc(bloodGroupTasks.id)]
            : [desc(bloodGroupTasks.resolvedAt), desc(bloodGroupTasks.id)]),
        )
        .limit(TASK_LIST_MAX);
    },

    async bloodGroupTask(id: number): Promise<BloodGroupTaskRow | undefined> {
      const [row] = await bloodGroupTaskQuery(db).where(eq(bloodGroupTasks.id, id)).limit(1);
      return row;
    },

    async lockBloodGroupTask(tx: Tx, id: number) {
      const [row] = await tx
        .select({
          status: bloodGroupTasks.status,
          userId: bloodGroupTasks.userId,
          earlierGroup: bloodGroupTasks.earlierGroup,
          reportedGroup: bloodGroupTasks.reportedGroup,
        })
        .from(bloodGroupTasks)
        .where(eq(bloodGroupTasks.id, id))
        .for('update');
      return row;
    },

    async resolveBloodGroupTask(
      tx: Tx,
      id: number,
      resolution: 'KEPT' | 'APPLIED',
      by: number,
      at: Date,
    ): Promise<void> {
      await tx
        .update(bloodGroupTasks)
        .set({ status: 'CLOSED', resolution, resolvedAt: at, resolvedBy: by })
        .where(eq(bloodGroupTasks.id, id));
    },

    applyLabGroup: confirmLabGroup,
  };
}
export type TasksRepository = ReturnType<typeof createTasksRepository>;
