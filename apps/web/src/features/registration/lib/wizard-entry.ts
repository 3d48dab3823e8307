import { REGISTRATION_QUERY, campaignIdFromQuery, type TCampaign, type TSlot } from '@giot-hong/contract';
import { isSlotOpen } from './slot-rules';

/**
 * The campaign a wizard visit starts with, before the campaign list has loaded: from the query
 * (a share link, or a link built by the landing slider) or from the `selectedCampaign` entry.
 * `campaign` is what the entry itself carried (the JSON of a campaign), if anything.
 */
export type WizardEntry = {
  campaignId: number;
  questionSetId?: number;
  campaign?: Partial<TCampaign>;
  /** An appeal's 'Tôi sẽ đến': the slot to preselect (an ISO instant) and the appeal answered. */
  slotStart?: string;
  appealId?: number;
};

function positiveInt(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^\d{1,15}$/.test(value.trim()) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** The JSON of a campaign, if `raw` is one (with at least a valid id). */
export function parseCampaignJson(raw: string | null | undefined): Partial<TCampaign> | undefined {
  if (!raw || !raw.trim().startsWith('{')) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const c = parsed as Partial<TCampaign>;
    return positiveInt(c.id) ? c : undefined;
  } catch {
    return undefined;
  }
}

/** An instant as the query carries it (an ISO date-time), else undefined. */
function instant(value: string | null): string | undefined {
  return value && /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined;
}

/**
 * Query parameters `campaignId` (numeric id or JSON of the campaign) and `questionset`. Without
 * both the address names no campaign. An appeal's link adds `slot` and `appeal`; they only
 * preselect and explain, every rule of the registration still applies.
 */
export function entryFromQuery(search: URLSearchParams): WizardEntry | undefined {
  const rawId = search.get(REGISTRATION_QUERY.campaignId);
  const rawSet = search.get(REGISTRATION_QUERY.questionSet);
  if (!rawId || !rawSet) return undefined;
  const campaignId = campaignIdFromQuery(rawId);
  if (!campaignId) return undefined;
  const campaign = parseCampaignJson(rawId);
  const slotStart = instant(search.get(REGISTRATION_QUERY.slot));
  const appealId = positiveInt(search.get(REGISTRATION_QUERY.appeal) ?? undefined);
  return {
    campaignId,
    questionSetId: positiveInt(rawSet) ?? positiveInt(campaign?.questionSetId),
    campaign,
    ...(slotStart ? { slotStart } : {}),
    ...(appealId ? { appealId } : {}),
  };
}

/**
 * The slot a link asked for, when it is one of the campaign's and can still be booked (places left,
 * not over); otherwise none, and the server gives the earliest slot with a place as usual.
 */
export function preselectedSlot(
  slots: readonly TSlot[] | undefined,
  start: string | undefined,
  now = Date.now(),
): TSlot | undefined {
  if (!slots || !start) return undefined;
  const at = Date.parse(start);
  return slots.find((s) => Date.parse(s.start) === at && isSlotOpen(s, now));
}

/** The `selectedCampaign` entry (JSON of the campaign chosen on the landing slider). */
export function entryFromStored(raw: string | null): WizardEntry | undefined {
  const campaign = parseCampaignJson(raw);
  if (!campaign) return undefined;
  return { campaignId: Number(campaign.id), questionSetId: positiveInt(campaign.questionSetId), campaign };
}

/**
 * The campaign the questionnaire is for: the live one from the list when it is there (its
 * question set is authoritative), else what the entry carried. A campaign no longer listed (its
 * window has closed) still reaches the registration check, which then explains why.
 */
export function resolveEntryCampaign(
  entry: WizardEntry,
  list: TCampaign[] | null | undefined,
): WizardCampaign {
  const live = list?.find((c) => c.id === entry.campaignId);
  if (live) return live;
  return {
    ...entry.campaign,
    id: entry.campaignId,
    questionSetId: entry.questionSetId ?? positiveInt(entry.campaign?.questionSetId),
  };
}

/** A campaign as far as the wizard knows it: always an id, the rest when known. */
export type WizardCampaign = Partial<TCampaign> & {
  id: number;
  questionSetId?: number;
  detailsPending?: boolean;
};
