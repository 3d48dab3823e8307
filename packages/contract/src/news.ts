import { z } from 'zod';
import { ZEnvelope, ZPage } from './envelope.ts';
import { PAGING } from './constants.ts';
import { ZIdParam } from './ids.ts';
import { singleLineText } from './text-field.ts';

export const ZNewsSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  thumbnailUrl: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string(),
});
export type TNewsSummary = z.infer<typeof ZNewsSummary>;

/** `content` is HTML already sanitised by the server. */
export const ZNews = ZNewsSummary.extend({ content: z.string() });
export type TNews = z.infer<typeof ZNews>;

export const ZNewsListQuery = z.object({
  search: singleLineText(undefined, { trim: true }).max(200).optional().default(''),
  /** Page number, from 0. */
  offset: z.coerce.number().int().min(0).max(10_000).optional().default(0),
  limit: z.coerce.number().int().min(1).max(50).optional().default(PAGING.newsPageSize),
  sortBy: z.enum(['createdAt', 'title']).optional().default('createdAt'),
  sortDir: z.enum(['asc', 'desc']).optional().default('desc'),
});
export type TNewsListQuery = z.infer<typeof ZNewsListQuery>;

export const ZNewsListResponse = ZEnvelope(ZPage(ZNews));
export const ZNewsResponse = ZEnvelope(ZNews);
export const ZNewsIdParams = z.object({ id: ZIdParam });

/** GET /api/news/{id}/related: up to PAGING.relatedNewsMax other items, for the detail page's sidebar. */
export const ZNewsRelatedResponse = ZEnvelope(z.array(ZNewsSummary));
export type TNewsRelatedResponse = z.infer<typeof ZNewsRelatedResponse>;
