import { PAGES, REGISTRATION_QUERY, campaignIdFromQuery, registrationLinkPath } from '@giot-hong/contract';
import type { FastifyRequest } from 'fastify';
import { formatVnDate, vnCalendarDate, VN_OFFSET_MS } from '../../lib/vn-time.ts';
import type { PageMeta, PageMetaResolver } from '../seo/page-meta.ts';
import type { ShareCampaignRow } from './share-links.repository.ts';

const DESCRIPTION_MAX = 200;

const pad = (n: number) => String(n).padStart(2, '0');
/** HH:mm of an instant in Vietnam. */
function vnClock(at: Date): string {
  const shifted = new Date(at.getTime() + VN_OFFSET_MS);
  return `${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}`;
}

/** '28/11/2026, 07:00–11:30' (one day) or '28/11/2026 07:00 – 29/11/2026 11:30'. */
export function describeWhen(c: Pick<ShareCampaignRow, 'startReceiveTime' | 'endReceiveTime'>): string {
  const a = vnCalendarDate(c.startReceiveTime);
  const b = vnCalendarDate(c.endReceiveTime);
  const sameDay = a.y === b.y && a.m === b.m && a.d === b.d;
  return sameDay
    ? `${formatVnDate(c.startReceiveTime)}, ${vnClock(c.startReceiveTime)}–${vnClock(c.endReceiveTime)}`
    : `${formatVnDate(c.startReceiveTime)} ${vnClock(c.startReceiveTime)} – ${formatVnDate(c.endReceiveTime)} ${vnClock(c.endReceiveTime)}`;
}

function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max - 1);
  const space = head.lastIndexOf(' ');
  return `${(space > max / 2 ? head.slice(0, space) : head).replace(/[\s,.;:\u2013-]+$/, '')}…`; // \u2013: an en dash
}

/** The link preview of a shared campaign: its name, when and where, its description and its picture. */
export function campaignPageMeta(c: ShareCampaignRow): PageMeta {
  const meta: PageMeta = {
    title: `Đăng ký hiến máu: ${c.name}`,
    description: cut(
      `${describeWhen(c)} · ${c.location}. ${c.description.replace(/\s+/g, ' ').trim()}`,
      DESCRIPTION_MAX,
    ),
    type: 'website',
    // The wizard needs a login and is no search result; previews do not need indexing.
    noindex: true,
    // One address per campaign (id form), whichever form the shared link used.
    canonicalPath: registrationLinkPath(c),
  };
  if (c.imageUrl) meta.image = c.imageUrl;
  return meta;
}

/**
 * Link previews of `/dang-ky-hien-mau?campaignId=…&questionset=…` (where share links lead): the
 * campaign's own title, date, description and image instead of the generic page meta.
 */
export function createRegistrationPageMetaResolver(
  findCampaign: (id: number) => Promise<ShareCampaignRow | undefined>,
): PageMetaResolver {
  return async (pathname: string, request: FastifyRequest) => {
    if (pathname.replace(/\/$/, '') !== PAGES.donationRegistration) return undefined;
    // Read from the raw URL: the value may be a number or the JSON of a campaign.
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    const id = campaignIdFromQuery(query.get(REGISTRATION_QUERY.campaignId));
    const campaign = id ? await findCampaign(id) : undefined;
    return campaign ? campaignPageMeta(campaign) : undefined;
  };
}
