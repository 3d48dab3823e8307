import type { TInboxKind, TInboxStatus } from '@giot-hong/contract';
import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import type { AuditWriter } from '../audit/audit.repository.ts';
import {
  appointmentFeedback,
  campaigns,
  contactMessages,
  donorProfiles,
  inboxReplies,
  users,
} from '../../db/schema/index.ts';

export type InboxRow = {
  id: number;
  /** The donor who wrote it (feedback); null for a contact message. */
  userId: number | null;
  name: string;
  email: string;
  message: string;
  campaignName: string | null;
  status: string;
  assignedTo: number | null;
  assignedName: string | null;
  createdAt: Date;
};

const LIST_MAX = 200;

export function createInboxRepository(db: Db) {
  const assignee = alias(users, 'assignee');
  const donor = alias(users, 'donor');

  function contactQuery() {
    return db
      .select({
        id: contactMessages.id,
        userId: sql<null>`null`,
        name: contactMessages.name,
        email: contactMessages.email,
        message: contactMessages.message,
        status: contactMessages.status,
        assignedTo: contactMessages.assignedTo,
        assignedName: assignee.username,
        createdAt: contactMessages.createdAt,
      })
      .from(contactMessages)
      .leftJoin(assignee, eq(assignee.id, contactMessages.assignedTo));
  }

  function feedbackQuery() {
    return db
      .select({
        id: appointmentFeedback.id,
        userId: appointmentFeedback.userId,
        username: donor.username,
        fullName: donorProfiles.fullName,
        email: donor.email,
        message: appointmentFeedback.message,
        campaignName: campaigns.name,
        status: appointmentFeedback.status,
        assignedTo: appointmentFeedback.assignedTo,
        assignedName: assignee.username,
        createdAt: appointmentFeedback.createdAt,
      })
      .from(appointmentFeedback)
      .innerJoin(donor, eq(donor.id, appointmentFeedback.userId))
      .leftJoin(donorProfiles, eq(donorProfiles.userId, appointmentFeedback.userId))
      .innerJoin(campaigns, eq(campaigns.id, appointmentFeedback.campaignId))
      .leftJoin(assignee, eq(assignee.id, appointmentFeedback.assignedTo));
  }

  type FeedbackRow = Awaited<ReturnType<ReturnType<typeof feedbackQuery>['execute']>>[number];
  const fromFeedback = (r: FeedbackRow): InboxRow => ({
    id: r.id,
    userId: r.userId,
    name: r.fullName ?? r.username,
    email: r.email,
    message: r.message,
    campaignName: r.campaignName,
    status: r.status,
    assignedTo: r.assignedTo,
    assignedName: r.assignedName,
    createdAt: r.createdAt,
  });

  const table = (kind: TInboxKind) => (kind === 'contact' ? contactMessages : appointmentFeedback);

  return {
    /**
     * What audit rows are written with when no transaction is open: insert-only, so every read and
     * change of the service still goes through the methods below.
     */
    auditWriter: db as AuditWriter,
    transaction: db.transaction.bind(db),

    /** One status, newest first (index on (status, created_at)). */
    async list(kind: TInboxKind, status: TInboxStatus): Promise<InboxRow[]> {
      if (kind === 'contact') {
        const rows = await contactQuery()
          .where(eq(contactMessages.status, status))
          .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
          .limit(LIST_MAX);
        return rows.map((r) => ({ ...r, campaignName: null }));
      }
      const rows = await feedbackQuery()
        .where(eq(appointmentFeedback.status, status))
        .orderBy(desc(appointmentFeedback.createdAt), desc(appointmentFeedback.id))
        .limit(LIST_MAX);
      return rows.map(fromFeedback);
    },

    async find(kind: TInboxKind, id: number): Promise<InboxRow | undefined> {
      if (kind === 'contact') {
        const [r] = await contactQuery().where(eq(contactMessages.id, id)).limit(1);
        return r ? { ...r, campaignName: null } : undefined;
      }
      const [r] = await feedbackQuery().where(eq(appointmentFeedback.id, id)).limit(1);
      return r ? fromFeedback(r) : undefined;
    },

    async counts(kind: TInboxKind) {
      const t = table(kind);
      const rows = await db.select({ status: t.status, n: count() }).from(t).groupBy(t.status);
      const get = (s: string) => rows.find((r) => r.status === s)?.n ?? 0;
      return { NEW: get('NEW'), HANDLED: get('HANDLED') };
    },

    /** Replies of the listed messages, oldest first: one query for a whole list. */
    async replies(kind: TInboxKind, ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select({
          id: inboxReplies.id,
          messageId: inboxReplies.messageId,
          staffName: users.username,
          body: inboxReplies.body,
          sentAt: inboxReplies.sentAt,
          createdAt: inboxReplies.createdAt,
        })
        .from(inboxReplies)
        .leftJoin(users, eq(users.id, inboxReplies.staffId))
        .where(and(eq(inboxReplies.kind, kind), inArray(inboxReplies.messageId, ids)))
        .orderBy(asc(inboxReplies.createdAt), asc(inboxReplies.id));
    },

    async update(
      tx: Pick<Db, 'update'>,
      kind: TInboxKind,
      id: number,
      v: { status?: TInboxStatus; assignedTo?: number | null },
      now: Date,
    ) {
      const t = table(kind);
      const set: Record<string, unknown> = {};
      if (v.status) {
        set.status = v.status;
        set.handledAt = v.status === 'HANDLED' ? now : null;
      }
      if (v.assignedTo !== undefined) set.assignedTo = v.assignedTo;
      if (Object.keys(set).length) await tx.update(t).set(set).where(eq(t.id, id));
    },

    async insertReply(
      tx: Pick<Db, 'insert'>,
      v: {
        kind: TInboxKind;
        messageId: number;
        staffId: number;
        toEmail: string;
        subject: string;
        body: string;
      },
      now: Date,
    ) {
      const [row] = await tx
        .insert(inboxReplies)
        .values({ ...v, createdAt: now })
        .returning({ id: inboxReplies.id });
      return row!.id;
    },

    async markReplySent(id: number, at: Date) {
      await db.update(inboxReplies).set({ sentAt: at }).where(eq(inboxReplies.id, id));
    },

    /** Enabled staff and admin accounts (assignees). */
    staff: () =>
      db
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(and(ne(users.role, 'DONOR'), eq(users.enabled, true)))
        .orderBy(asc(users.username)),
  };
}
export type InboxRepository = ReturnType<typeof createInboxRepository>;
