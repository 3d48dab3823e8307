// NOTE: zod-free on purpose. The landing slider builds registration links on the first page
// load; a schema built at the top of this module would pull zod into that bundle.
import { PAGES } from './pages.ts';

/**
 * Query parameters of /dang-ky-hien-mau. `campaignId` holds either the numeric id (share links,
 * issue 5) or the JSON of the campaign (the older form of the link); the wizard accepts both.
 */
export const REGISTRATION_QUERY = {
  campaignId: 'campaignId',
  questionSet: 'questionset',
  /** An appeal's 'Tôi sẽ đến': the slot to preselect (an ISO instant) and the appeal answered. */
  slot: 'slot',
  appeal: 'appeal',
} as const;

/** `/dang-ky-hien-mau?campaignId={id}&questionset={questionSetId}`: the long form of a share link. */
export function registrationLinkPath(campaign: { id: number; questionSetId: number }): string {
  const qs = new URLSearchParams({
    [REGISTRATION_QUERY.campaignId]: String(campaign.id),
    [REGISTRATION_QUERY.questionSet]: String(campaign.questionSetId),
  });
  return `${PAGES.donationRegistration}?${qs.toString()}`;
}

/**
 * The campaign id carried by a `campaignId` query value: a positive integer, or the `id` of the
 * campaign's JSON. Undefined for anything else.
 */
export function campaignIdFromQuery(value: string | null | undefined): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  const asId = (n: unknown) => (typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : undefined);
  if (/^\d{1,15}$/.test(trimmed)) return asId(Number(trimmed));
  if (!trimmed.startsWith('{')) return undefined;
  try {
    const parsed: unknown = JSON.parse(trimmed);
    return typeof parsed === 'object' && parsed !== null ? asId((parsed as { id?: unknown }).id) : undefined;
  } catch {
    return undefined;
  }
}

/** Short codes of `/s/{code}`: letters and digits only, so no chat app cuts a link at a `-` or `_`. */
export const SHORT_CODE = {
  alphabet: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789',
  length: 8,
  pattern: /^[A-Za-z0-9]{7,32}$/,
} as const;
