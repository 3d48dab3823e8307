import {
  INBOX_MESSAGES as M,
  ErrorCode,
  type TInboxItem,
  type TInboxKind,
  type TInboxStatus,
  type TInboxUpdateRequest,
} from '@giot-hong/contract';
import type { Clock } from '../../lib/clock.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { audit, recordListView } from '../audit/audit.repository.ts';
import type { Actor } from '../../lib/actor.ts';
import { inboxReplyMail } from './inbox.mails.ts';
import type { InboxRepository, InboxRow } from './inbox.repository.ts';

type ReplyRow = Awaited<ReturnType<InboxRepository['replies']>>[number];

function toItem(kind: TInboxKind, r: InboxRow, replies: ReplyRow[]): TInboxItem {
  return {
    id: r.id,
    kind,
    name: r.name,
    email: r.email,
    message: r.message,
    campaignName: r.campaignName,
    status: r.status === 'HANDLED' ? 'HANDLED' : 'NEW',
    assignedTo: r.assignedTo,
    assignedName: r.assignedName,
    createdAt: r.createdAt.toISOString(),
    replies: replies
      .filter((x) => x.messageId === r.id)
      .map((x) => ({
        id: x.id,
        staffName: x.staffName ?? '',
        body: x.body,
        sentAt: x.sentAt?.toISOString() ?? null,
        createdAt: x.createdAt.toISOString(),
      })),
  };
}

/** The subject of a reply: to a contact message, or to feedback on a donation. */
export const replySubject = (kind: TInboxKind) =>
  kind === 'contact' ? 'Giọt Hồng trả lời tin nhắn liên hệ của bạn' : 'Giọt Hồng trả lời góp ý của bạn';

/** The contact messages and the appointment feedback, as staff work through them. */
export function createInboxService(deps: {
  repo: InboxRepository;
  clock: Clock;
  mailer: Mailer;
  logError: (err: unknown, msg: string) => void;
}) {
  const { repo, clock } = deps;

  async function item(kind: TInboxKind, id: number) {
    const row = await repo.find(kind, id);
    if (!row) throw notFound(M.messageNotFound);
    return toItem(kind, row, await repo.replies(kind, [id]));
  }

  return {
    async list(actor: Actor, kind: TInboxKind, status: TInboxStatus) {
      const rows = await repo.list(kind, status);
      const [replies, counts] = await Promise.all([
        repo.replies(
          kind,
          rows.map((r) => r.id),
        ),
        repo.counts(kind),
      ]);
      // One row per person and list (not per refresh); each donor whose feedback it shows gets
      // a row in their access log. Contact messages come from people who may have no account.
      await recordListView(
        repo.auditWriter,
        {
          actor,
          action: 'inbox.list',
          target: { type: kind === 'contact' ? 'contact_message' : 'appointment_feedback', id: null },
          subjects: rows.flatMap((r) => r.userId ?? []),
          requestId: actor.requestId,
          detail: { status },
        },
        clock.now(),
      );
      return { items: rows.map((r) => toItem(kind, r, replies)), counts };
    },

    staff: () => repo.staff(),

    async update(actor: Actor, kind: TInboxKind, id: number, req: TInboxUpdateRequest) {
      await item(kind, id);
      if (req.assignedTo !== undefined && req.assignedTo !== null) {
        const staff = await repo.staff();
        if (!staff.some((s) => s.id === req.assignedTo))
          throw new HttpError(ErrorCode.VALIDATION, M.assigneeNotStaff, {
            details: { errors: [{ field: 'assignedTo', message: M.assigneeNotStaff }] },
          });
      }
      const now = clock.now();
      await repo.transaction(async (tx) => {
        await repo.update(tx, kind, id, req, now);
        await audit(
          tx,
          actor,
          'inbox.update',
          { type: kind === 'contact' ? 'contact_message' : 'appointment_feedback', id },
          now,
          { detail: { status: req.status ?? null, assignedTo: req.assignedTo ?? null } },
        );
      });
      return item(kind, id);
    },

    /**
     * Replies by e-mail through the configured SMTP. The reply is stored first (kept with the
     * message even if sending fails); a sent reply marks the message handled.
     */
    async reply(actor: Actor, kind: TInboxKind, id: number, body: string) {
      const msg = await item(kind, id);
      const now = clock.now();
      const subject = replySubject(kind);
      const replyId = await repo.transaction(async (tx) => {
        const replyId = await repo.insertReply(
          tx,
          { kind, messageId: id, staffId: actor.id, toEmail: msg.email, subject, body },
          now,
        );
        await audit(
          tx,
          actor,
          'inbox.reply',
          { type: kind === 'contact' ? 'contact_message' : 'appointment_feedback', id },
          now,
          { detail: { replyId } },
        );
        return replyId;
      });
      try {
        await deps.mailer.send(inboxReplyMail(msg, subject, body));
      } catch (err) {
        deps.logError(err, 'inbox reply not sent; kept');
        throw new HttpError(ErrorCode.UNAVAILABLE, M.replyNotSent);
      }
      const sentAt = clock.now();
      await repo.markReplySent(replyId, sentAt);
      await repo.transaction(async (tx) => repo.update(tx, kind, id, { status: 'HANDLED' }, sentAt));
      return item(kind, id);
    },
  };
}
export type InboxService = ReturnType<typeof createInboxService>;
