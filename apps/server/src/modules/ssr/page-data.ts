import {
  API,
  MAX_DB_ID,
  PAGES,
  PAGING,
  ZCampaignListResponse,
  ZNewsListQuery,
  ZNewsListResponse,
  ZNewsRelatedResponse,
  ZNewsResponse,
  ZPublicAppealListResponse,
  ZStockBoardResponse,
  type TCampaign,
} from '@giot-hong/contract';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.ts';
import { createNewsRepository } from '../news/news.repository.ts';
import { createNewsService } from '../news/news.service.ts';

/** One query of the web app's cache: its key (as the web app builds it) and the API's `data`. */
export type PageQuery = { key: readonly unknown[]; data: unknown };
/** A query a frame carries, with the address of the request it makes unneeded, if any. */
export type FrameQuery = PageQuery & { url?: string };

/** The public pages rendered on the server (pages behind a login stay client-rendered). */
const NEWS_DETAIL = /^\/tin-tuc\/(\d+)$/;
/** A campaign's day page in the console (CONSOLE_PAGES.campaignDay). */
const CAMPAIGN_DAY = /^\/quan-tri\/chien-dich\/(\d+)\/ngay-hien-mau$/;
const STATIC_PUBLIC: readonly string[] = [PAGES.home, PAGES.news, PAGES.faq, PAGES.contact, PAGES.terms];

export function isServerRenderedPage(pathname: string): boolean {
  return STATIC_PUBLIC.includes(pathname) || NEWS_DETAIL.test(pathname);
}

/**
 * The data each public page's queries need, read through the same services as the API (no HTTP
 * round trip) and passed through the same response schemas, so the cache holds exactly what the
 * browser would have fetched. Query keys are the web app's (features/…/api/*.ts).
 * Returns undefined when the page should not be rendered (a news item that does not exist).
 */
export function createPageData(app: FastifyInstance) {
  const news = createNewsService(createNewsRepository(app.database.db), app.clock);
  // JSON form, as GET /api/chapter/contact answers it.
  const chapterContact: PageQuery = {
    key: ['chapter-contact'],
    data: JSON.parse(JSON.stringify(app.config.chapterContact)) as unknown,
  };
  // The campaign service returns the same frozen list while it is unchanged: checked once per list.
  let campaigns: { list: readonly TCampaign[]; data: unknown } | undefined;
  /** The open campaigns as GET /api/campaigns answers them, under the key of the landing's slider and the wizard. */
  const openCampaigns = async (): Promise<PageQuery> => {
    const list = await app.campaigns.listOpen();
    if (campaigns?.list !== list) campaigns = { list, data: ZCampaignListResponse.parse(ok(list)).data };
    return { key: ['campaigns', 'open'], data: campaigns.data };
  };

  const page = async (pathname: string, search: URLSearchParams): Promise<PageQuery[] | undefined> => {
    const queries = [chapterContact];
    if (pathname === PAGES.home) {
      queries.push(await openCampaigns());
      // The blood stock board: in the page's data, so its first paint asks nothing more.
      queries.push({
        key: ['stock'],
        data: ZStockBoardResponse.parse(ok(await app.stock.publicBoard())).data,
      });
      // The open appeals (groups, place, time): in the page's data like the board.
      queries.push({
        key: ['appeals', 'open'],
        data: ZPublicAppealListResponse.parse(ok(await app.appeals.openAppeals())).data,
      });
    } else if (pathname === PAGES.news) {
      // As news-list-route.tsx reads its address: ?q= the search, ?trang= the page from 1.
      const text = search.get('q') ?? '';
      const page = Math.max(1, Math.floor(Number(search.get('trang'))) || 1) - 1;
      const query = ZNewsListQuery.safeParse({
        offset: page,
        limit: PAGING.newsPageSize,
        sortBy: 'createdAt',
        sortDir: 'desc',
        ...(text ? { search: text } : {}),
      });
      // A query the API refuses: the browser asks and shows the API's message.
      if (query.success) {
        const data = ZNewsListResponse.parse(ok(await news.list(query.data))).data;
        queries.push({ key: ['news', 'list', { search: text, page }], data });
      }
    } else {
      const match = NEWS_DETAIL.exec(pathname);
      if (match) {
        const id = Number(match[1]);
        const item = id >= 1 && id <= MAX_DB_ID ? await news.find(id) : undefined;
        if (!item) return undefined;
        queries.push(
          { key: ['news', 'detail', id], data: ZNewsResponse.parse(ok(item)).data },
          { key: ['news', 'related', id], data: ZNewsRelatedResponse.parse(ok(await news.related(id))).data },
        );
      }
    }
    return queries;
  };

  /**
   * The public data the frame of a page behind the login shows, the same for everyone:
   * - the wizard's first step, the open campaigns (ADR 59);
   * - a campaign's day page, the campaign's public line (its name, window and place) when the public
   *   list shows it (ADR 66). The page still asks for the campaign itself, with its counters.
   *
   * None for the other frames: their data is personal.
   */
  const frame = async (pathname: string): Promise<FrameQuery[]> => {
    if (pathname === PAGES.donationRegistration) return [{ ...(await openCampaigns()), url: API.campaigns }];
    const day = CAMPAIGN_DAY.exec(pathname);
    if (!day) return [];
    const id = Number(day[1]);
    const c = (await app.campaigns.listOpen()).find((x) => x.id === id);
    if (!c) return [];
    // The web app's key (features/console/api/get-admin-campaign.ts, campaignLineKey).
    const line = {
      name: c.name,
      location: c.location,
      startReceiveTime: c.startReceiveTime,
      endReceiveTime: c.endReceiveTime,
    };
    return [{ key: ['campaigns', 'line', id], data: line }];
  };

  return { page, frame };
}
