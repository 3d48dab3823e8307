import { z } from 'zod';
import type { RouteParam } from './api-paths.ts';
import { zInstant } from './dates.ts';
import { ZEnvelope } from './envelope.ts';
import { singleLineText } from './text-field.ts';

/*
 * News in the staff console: writing, scheduling, publishing and unpublishing an item, its
 * thumbnail and the editor's preview. Paths, request schemas with their Vietnamese messages and
 * answer shapes; the console's editor and the server validate with the same schemas.
 */

export const ADMIN_NEWS_API = {
  news: '/api/admin/news',
  newsItem: (id: number | string) => `/api/admin/news/${id}`,
  newsPublish: (id: number | string) => `/api/admin/news/${id}/publish`,
  newsUnpublish: (id: number | string) => `/api/admin/news/${id}/unpublish`,
  newsThumbnail: (id: number | string) => `/api/admin/news/${id}/thumbnail`,
  /** Sanitises HTML as it will be stored and shown to donors (the editor's preview). */
  newsPreview: '/api/admin/news/preview',
} as const;

/** Public: a news thumbnail in one of its widths. */
export const newsThumbnailPath = (id: number | string, width: number | RouteParam) =>
  `/api/news/${id}/thumbnail/${width}`;
/** Widths a news thumbnail is stored in (srcset); the largest is the item's `thumbnailUrl`. */
export const NEWS_THUMBNAIL_WIDTHS = [480, 960] as const;

export const NEWS_ADMIN_MESSAGES = {
  titleRequired: 'Vui lòng nhập tiêu đề',
  titleTooLong: 'Tiêu đề không quá 200 ký tự',
  contentRequired: 'Vui lòng nhập nội dung',
  contentTooLong: 'Nội dung quá dài (tối đa 100.000 ký tự)',
  publishAtInvalid: 'Thời gian đăng không hợp lệ',
  newsNotFound: 'Không tìm thấy tin tức',
  newsCreated: 'Đã tạo tin tức',
  newsSaved: 'Đã lưu tin tức',
  newsPublished: 'Đã đăng tin tức',
  newsUnpublished: 'Đã gỡ tin tức',
  thumbnailSaved: 'Đã cập nhật ảnh đại diện',
  imageInvalid: 'Ảnh không hợp lệ. Vui lòng chọn ảnh JPG, PNG, WebP hoặc GIF không quá 5MB',
} as const;
const M = NEWS_ADMIN_MESSAGES;

export const NEWS_CONTENT_MAX = 100_000;

const ZOptionalInstant = zInstant({ message: M.publishAtInvalid }).nullish();

export const ZAdminNewsRequest = z.object({
  title: singleLineText({ error: M.titleRequired }, { trim: true })
    .min(1, M.titleRequired)
    .max(200, M.titleTooLong),
  /** HTML from the editor: sanitised by the server before it is stored. */
  content: z
    .string({ error: M.contentRequired })
    .min(1, M.contentRequired)
    .max(NEWS_CONTENT_MAX, M.contentTooLong),
  /** Publication time (ISO); empty = when it is published. A future time schedules it. */
  publishAt: ZOptionalInstant,
  /** Notify every donor (type 3 'Tin tức') when it is published — once per item. */
  notifyDonors: z.boolean().optional().default(false),
});
export type TAdminNewsRequest = z.input<typeof ZAdminNewsRequest>;

/**
 * 'Đăng tin': the editor's content, saved and published together (what is published is what the
 * staff member saw). `keepTime`: publish at `publishAt` even if it has passed — the undo of an
 * unpublication, so the item keeps its date instead of becoming the newest.
 */
export const ZAdminNewsPublishRequest = ZAdminNewsRequest.extend({ keepTime: z.boolean().optional() });
export type TAdminNewsPublishRequest = z.input<typeof ZAdminNewsPublishRequest>;

export const ZAdminNewsPreviewRequest = z.object({
  content: z.string().max(NEWS_CONTENT_MAX, M.contentTooLong),
});
export const ZAdminNewsPreviewResponse = ZEnvelope(z.object({ content: z.string() }));

export const NEWS_STATES = ['DRAFT', 'SCHEDULED', 'PUBLISHED'] as const;
export type TNewsState = (typeof NEWS_STATES)[number];
export const NEWS_STATE_LABELS: Record<TNewsState, string> = {
  DRAFT: 'Bản nháp',
  SCHEDULED: 'Hẹn giờ đăng',
  PUBLISHED: 'Đã đăng',
};

export const ZAdminNews = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Sanitised HTML, exactly as donors get it. */
  content: z.string(),
  thumbnailUrl: z.string().nullable(),
  /** The publication time (donors see it as the item's date). */
  publishAt: z.string(),
  state: z.enum(NEWS_STATES),
  notifyDonors: z.boolean(),
  notifiedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type TAdminNews = z.infer<typeof ZAdminNews>;
export const ZAdminNewsResponse = ZEnvelope(ZAdminNews);
export const ZAdminNewsListQuery = z.object({
  search: singleLineText(undefined, { trim: true }).max(200).optional(),
});
export const ZAdminNewsListResponse = ZEnvelope(z.array(ZAdminNews.omit({ content: true })));
