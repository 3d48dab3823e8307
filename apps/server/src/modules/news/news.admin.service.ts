import {
  NEWS_ADMIN_MESSAGES as M,
  LIMITS,
  NEWS_THUMBNAIL_WIDTHS,
  foldVietnamese,
  newsThumbnailPath,
  type TAdminNews,
  type TAdminNewsRequest,
  type TAdminNewsPublishRequest,
  type TNewsState,
} from '@giot-hong/contract';
import type { Sharp } from 'sharp';
import type { Clock } from '../../lib/clock.ts';
import { reencodeImage } from '../../lib/image-upload.ts';
import { notFound } from '../../lib/http-error.ts';
import { sanitizeRichHtml } from '../../lib/sanitize-html.ts';
import { audit } from '../audit/audit.repository.ts';
import type { Actor } from '../../lib/actor.ts';
import type { AdminNewsRow, NewsAdminRepository } from './news.admin.repository.ts';
import { prepareNews } from './news.service.ts';

const THUMBNAIL_MAX_PIXELS = 120_000_000;

function stateOf(r: AdminNewsRow, now: Date): TNewsState {
  if (!r.isPublished) return 'DRAFT';
  return r.createdAt.getTime() > now.getTime() ? 'SCHEDULED' : 'PUBLISHED';
}

export function toAdminNews(r: AdminNewsRow, now: Date): TAdminNews {
  return {
    id: r.id,
    title: r.title,
    content: sanitizeRichHtml(r.content),
    thumbnailUrl: r.thumbnailUrl,
    publishAt: r.createdAt.toISOString(),
    state: stateOf(r, now),
    notifyDonors: r.notifyDonors,
    notifiedAt: r.notifiedAt?.toISOString() ?? null,
    updatedAt: r.updatedAt.toISOString(),
  };
}

/**
 * News as staff write it: drafts, publication (now or at a chosen time), and the one-time
 * notification of every donor. `created_at` is the publication time donors see.
 */
export function createNewsAdminService(deps: {
  repo: NewsAdminRepository;
  clock: Clock;
  /** The generated 'Tin tức' notification to every donor (deduplicated per donor and item). */
  notifyNewsPublished: (newsId: number) => Promise<number>;
  logError: (err: unknown, msg: string) => void;
}) {
  const { repo, clock } = deps;

  async function itemOrThrow(id: number) {
    const row = await repo.find(id);
    if (!row) throw notFound(M.newsNotFound);
    return row;
  }
  const view = async (id: number) => toAdminNews(await itemOrThrow(id), clock.now());

  function fields(req: TAdminNewsRequest) {
    const title = req.title.trim();
    return {
      title,
      ...prepareNews({ title, content: req.content }),
      createdAt: req.publishAt ? new Date(req.publishAt) : undefined,
      notifyDonors: req.notifyDonors ?? false,
    };
  }

  return {
    async list(search?: string) {
      const now = clock.now();
      const rows = await repo.list(search ? foldVietnamese(search) : undefined);
      return rows.map((r) => {
        const { content: _content, ...rest } = toAdminNews(r, now);
        return rest;
      });
    },

    get: view,

    /** The HTML as it will be stored and shown to donors. */
    preview: (content: string) => sanitizeRichHtml(content),

    async create(actor: Actor, req: TAdminNewsRequest) {
      const now = clock.now();
      const id = await repo.transaction(async (tx) => {
        const id = await repo.insert(tx, { ...fields(req), createdBy: 'Admin' }, now);
        await audit(tx, actor, 'news.create', { type: 'news', id }, now);
        return id;
      });
      return view(id);
    },

    async update(actor: Actor, id: number, req: TAdminNewsRequest) {
      const current = await itemOrThrow(id);
      const now = clock.now();
      const values = fields(req);
      await repo.transaction(async (tx) => {
        await repo.update(tx, id, { ...values, createdAt: values.createdAt ?? current.createdAt }, now);
        await audit(tx, actor, 'news.update', { type: 'news', id }, now);
      });
      await this.sendDueNotifications(id);
      return view(id);
    },

    /**
     * Publishes what the editor shows: `req` (the editor's title, content, time and notification
     * choice) is saved first, in the same transaction, so what goes public is exactly what the staff
     * member saw — never an older stored version (ADR 24). Public at its time when that lies ahead
     * (scheduled), otherwise now. Donors are notified once, when it is public and if asked for.
     */
    async publish(actor: Actor, id: number, req: TAdminNewsPublishRequest) {
      const current = await itemOrThrow(id);
      const now = clock.now();
      const values = fields(req);
      const chosen = values.createdAt ?? current.createdAt;
      const at = chosen.getTime() > now.getTime() || req.keepTime ? chosen : now;
      const changed =
        values.title !== current.title ||
        values.content !== current.content ||
        values.notifyDonors !== current.notifyDonors ||
        (values.createdAt !== undefined && values.createdAt.getTime() !== current.createdAt.getTime());
      await repo.transaction(async (tx) => {
        if (changed) {
          await repo.update(tx, id, { ...values, createdAt: chosen }, now);
          await audit(tx, actor, 'news.update', { type: 'news', id }, now);
        }
        await repo.setPublished(tx, id, true, at, now);
        await audit(tx, actor, 'news.publish', { type: 'news', id }, now, {
          detail: { scheduled: at > now },
        });
      });
      await this.sendDueNotifications(id);
      return view(id);
    },

    async unpublish(actor: Actor, id: number) {
      const current = await itemOrThrow(id);
      const now = clock.now();
      await repo.transaction(async (tx) => {
        await repo.setPublished(tx, id, false, current.createdAt, now);
        await audit(tx, actor, 'news.unpublish', { type: 'news', id }, now);
      });
      return view(id);
    },

    async saveThumbnail(actor: Actor, id: number, upload: Buffer) {
      await itemOrThrow(id);
      const outputs = Object.fromEntries(
        NEWS_THUMBNAIL_WIDTHS.map((w) => [
          String(w),
          (image: Sharp) => image.resize({ width: w, withoutEnlargement: true }),
        ]),
      );
      const images = await reencodeImage(
        upload,
        { maxBytes: LIMITS.imageMaxBytes, maxPixels: THUMBNAIL_MAX_PIXELS },
        { notImage: M.imageInvalid },
        outputs,
      );
      const now = clock.now();
      const largest = NEWS_THUMBNAIL_WIDTHS[NEWS_THUMBNAIL_WIDTHS.length - 1]!;
      await repo.saveThumbnail(
        id,
        NEWS_THUMBNAIL_WIDTHS.map((w) => ({ width: w, content: images[String(w)]! })),
        `${newsThumbnailPath(id, largest)}?v=${now.getTime()}`,
        now,
      );
      await audit(repo.auditWriter, actor, 'news.thumbnail', { type: 'news', id }, now);
      return view(id);
    },

    thumbnail: (id: number, width: number) => repo.thumbnail(id, width),

    /**
     * Notifies the donors of every item now due (or of one item): published, its time passed,
     * asked for and not yet notified. The claim marks the item first, so publishing, unpublishing
     * and publishing again — or two processes — notify once. Run after each change and by the
     * scheduler (for scheduled items).
     */
    async sendDueNotifications(id?: number): Promise<number> {
      const ids = await repo.claimDueNotifications(clock.now(), id);
      let sent = 0;
      for (const newsId of ids) {
        sent += await deps
          .notifyNewsPublished(newsId)
          .catch((err) => (deps.logError(err, 'news notification failed'), 0));
      }
      return sent;
    },
  };
}
export type NewsAdminService = ReturnType<typeof createNewsAdminService>;
