import {
  BROADCAST_MESSAGES as M,
  type TBroadcast,
  type TBroadcastAudience,
  type TBroadcastRequest,
} from '@giot-hong/contract';
import { createBackgroundRun } from '../../lib/background-run.ts';
import type { Clock } from '../../lib/clock.ts';
import { HttpError, badRequest, notFound } from '../../lib/http-error.ts';
import { ErrorCode } from '@giot-hong/contract';
import { htmlToPlainText } from '../../lib/sanitize-html.ts';
import type { Dispatcher } from '../notifications/dispatcher.ts';
import { audit } from '../audit/audit.repository.ts';
import type { Actor } from '../../lib/actor.ts';
import { escapeHtml } from '../../mail/templates.ts';
import { sanitizeContent, sanitizeLink, sanitizeTitle } from '../notifications/notification.texts.ts';
import type { BroadcastRepository, BroadcastRow, ResolvedAudience } from './broadcast.repository.ts';

/** Donors per batch: one SELECT, one multi-row INSERT and the batch's e-mails. */
const BATCH_SIZE = 500;
/** A sending process holds its broadcast this long past its last batch. */
const LEASE_MS = 5 * 60_000;

export const broadcastDedupeKey = (id: number) => `broadcast:${id}`;

function toDto(r: BroadcastRow): TBroadcast {
  const { kind, bloodGroup, provinceCode, date, campaignId } = r.audience;
  return {
    id: r.id,
    type: r.type,
    title: r.title,
    content: r.content,
    link: r.link,
    sendEmail: r.sendEmail,
    audience: {
      kind,
      ...(bloodGroup ? { bloodGroup } : {}),
      ...(provinceCode ? { provinceCode } : {}),
      ...(date ? { date } : {}),
      ...(campaignId ? { campaignId } : {}),
    },
    status: r.status as TBroadcast['status'],
    total: r.total,
    sent: r.sent,
    emailed: r.emailed,
    createdAt: r.createdAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
  };
}

/**
 * Staff notifications to an audience. Creating one is idempotent (the browser's key is unique
 * in the table); sending runs in the background in batches, resumable after a restart, and each
 * donor gets it once (per-donor dedupe key). E-mail copies go only to accounts that accept them.
 */
export function createBroadcastService(deps: {
  repo: BroadcastRepository;
  clock: Clock;
  /** E-mails by the donors' choices; `kick` pushes the notifications just written. */
  dispatcher: Pick<Dispatcher, 'email' | 'kick'>;
  publicUrl: string;
  provinceName: (code: string) => string | undefined;
  logError: (err: unknown, msg: string) => void;
}) {
  const { repo, clock } = deps;

  async function resolve(a: TBroadcastAudience): Promise<ResolvedAudience> {
    const field = (name: string, message: string) =>
      new HttpError(ErrorCode.VALIDATION, message, {
        details: { errors: [{ field: `audience.${name}`, message }] },
      });
    if (a.kind === 'PROVINCE') {
      const provinceName = deps.provinceName(a.provinceCode!);
      if (!provinceName) throw field('provinceCode', M.provinceRequired);
      return { kind: a.kind, provinceCode: a.provinceCode, provinceName };
    }
    if (a.kind === 'CAMPAIGN') {
      if (!(await repo.campaignExists(a.campaignId!))) throw field('campaignId', M.campaignNotFound);
      return { kind: a.kind, campaignId: a.campaignId };
    }
    if (a.kind === 'BLOOD_GROUP') return { kind: a.kind, bloodGroup: a.bloodGroup };
    if (a.kind === 'ELIGIBLE_FROM') return { kind: a.kind, date: a.date };
    return { kind: 'ALL' };
  }

  const resolveStored = (a: BroadcastRow['audience']): ResolvedAudience =>
    a.kind === 'PROVINCE' ? { ...a, provinceName: deps.provinceName(a.provinceCode!) ?? '\u0000' } : a;

  function mailOf(b: BroadcastRow, to: { email: string; username: string }) {
    const link = b.link ? (b.link.startsWith('/') ? `${deps.publicUrl}${b.link}` : b.link) : null;
    return {
      to: to.email,
      subject: b.title,
      text: `Xin chào ${to.username},\n\n${htmlToPlainText(b.content)}\n${link ? `\n${link}\n` : ''}\nGiọt Hồng`,
      html:
        `<p>Xin chào ${escapeHtml(to.username)},</p>${b.content}` +
        (link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : '') +
        '<p>Giọt Hồng</p>',
    };
  }

  /** Sends one claimed broadcast to the end, batch by batch. */
  async function send(b: BroadcastRow) {
    const audience = resolveStored(b.audience);
    const text = {
      type: b.type,
      title: b.title,
      content: b.content,
      link: b.link,
      dedupeKey: broadcastDedupeKey(b.id),
    };
    let cursor = b.cursor;
    for (;;) {
      const ids = await repo.nextRecipients(audience, cursor, BATCH_SIZE);
      if (ids.length === 0) break;
      const now = clock.now();
      const reached = await repo.insertNotifications(ids, text, now);
      if (reached.length) deps.dispatcher.kick();
      let emailed = 0;
      if (b.sendEmail) {
        for (const to of await repo.mailable(reached)) {
          try {
            const outcome = await deps.dispatcher.email({
              userId: to.id,
              kind: 'NEWS',
              key: broadcastDedupeKey(b.id),
              mail: mailOf(b, to),
            });
            if (outcome === 'SENT' || outcome === 'DEFERRED') emailed += 1;
          } catch (err) {
            deps.logError(err, 'broadcast mail not sent');
          }
        }
      }
      cursor = ids[ids.length - 1]!;
      await repo.progress(b.id, {
        cursor,
        sent: reached.length,
        emailed,
        until: new Date(clock.now().getTime() + LEASE_MS),
      });
      if (ids.length < BATCH_SIZE) break;
    }
    await repo.finish(b.id, clock.now());
  }

  /** Sends every unfinished broadcast this process can claim. */
  async function sendPending(): Promise<number> {
    let done = 0;
    for (;;) {
      const now = clock.now();
      const b = await repo.claim(now, new Date(now.getTime() + LEASE_MS));
      if (!b) return done;
      await send(b);
      done += 1;
    }
  }

  /** Starts sending in the background (one run at a time in this process). */
  const background = createBackgroundRun(sendPending, (err) =>
    deps.logError(err, 'broadcast sending failed'),
  );
  const kick = background.kick;

  return {
    sendPending,
    /** Waits for a background run (app close, tests). */
    idle: background.idle,

    async previewCount(a: TBroadcastAudience) {
      return repo.count(await resolve(a));
    },

    async create(actor: Actor, req: TBroadcastRequest): Promise<{ broadcast: TBroadcast; created: boolean }> {
      const audience = await resolve(req.audience);
      const link = req.link ? sanitizeLink(req.link) : null;
      if (req.link && !link) throw badRequest(M.linkInvalid);
      const total = await repo.count(audience);
      const now = clock.now();
      const { provinceName: _name, ...stored } = audience;
      const result = await repo.transaction(async (tx) => {
        const r = await repo.insert(tx, {
          idempotencyKey: req.idempotencyKey,
          createdBy: actor.id,
          type: req.type,
          title: sanitizeTitle(req.title),
          content: sanitizeContent(req.content),
          link,
          sendEmail: req.sendEmail ?? false,
          audience: stored,
          total,
          createdAt: now,
        });
        if (r.created)
          await audit(tx, actor, 'broadcast.create', { type: 'broadcast', id: r.row.id }, now, {
            detail: { audience: stored.kind, total, sendEmail: req.sendEmail ?? false },
          });
        return r;
      });
      if (result.created && total === 0) {
        await repo.finish(result.row.id, now);
      } else if (result.created) kick();
      return { broadcast: toDto((await repo.find(result.row.id))!), created: result.created };
    },

    async get(id: number) {
      const row = await repo.find(id);
      if (!row) throw notFound(M.broadcastNotFound);
      return toDto(row);
    },

    list: async () => (await repo.list()).map(toDto),
  };
}
export type BroadcastService = ReturnType<typeof createBroadcastService>;
