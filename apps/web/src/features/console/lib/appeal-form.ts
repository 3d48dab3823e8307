import {
  ZAppealAudienceRequest,
  type TAdminAppeal,
  type TAppealAudienceRequest,
  type TAppealPreview,
  type TAppealRequest,
  type TAppealUrgency,
} from '@giot-hong/contract';
import { isoToVnLocal, vnLocalToIso } from '../../../lib/vn-time';

/**
 * The appeal form's inputs as the page holds them: text for the numbers, a Vietnam date and time
 * for the end. `toAppealRequest` turns them into the contract's request, which checks them.
 */
export type AppealFormValues = {
  groups: string[];
  title: string;
  message: string;
  campaignId: string;
  slotStarts: string[];
  urgency: TAppealUrgency | '';
  endDate: string;
  endTime: string;
  target: string;
};

export const EMPTY_APPEAL: AppealFormValues = {
  groups: [],
  title: '',
  message: '',
  campaignId: '',
  slotStarts: [],
  urgency: '',
  endDate: '',
  endTime: '',
  target: '',
};

/** A whole number typed in a text input, or NaN (the contract then says what is wrong). */
const wholeNumber = (s: string) => (/^\s*\d+\s*$/.test(s) ? Number(s) : Number.NaN);

/** The request the form sends (the server checks it again). */
export const toAppealRequest = (v: AppealFormValues, idempotencyKey: string): TAppealRequest => ({
  idempotencyKey,
  groups: v.groups as TAppealRequest['groups'],
  title: v.title,
  message: v.message,
  campaignId: v.campaignId ? Number(v.campaignId) : (undefined as unknown as number),
  slotStarts: v.slotStarts,
  urgency: (v.urgency || undefined) as TAppealUrgency,
  endsAt: vnLocalToIso(v.endDate, v.endTime),
  target: wholeNumber(v.target),
});

/** Which input a message of the contract goes under. */
export function appealFieldOf(path: readonly PropertyKey[]): keyof AppealFormValues {
  const field = String(path[0]);
  if (field === 'endsAt') return 'endDate';
  return (field in EMPTY_APPEAL ? field : 'title') as keyof AppealFormValues;
}

/**
 * The audience the preview counts: groups, urgency and campaign once all three are valid, else
 * null (nothing is asked). Groups are sorted, so ticking in another order asks nothing new.
 */
export function appealAudience(
  v: Pick<AppealFormValues, 'groups' | 'urgency' | 'campaignId'>,
): TAppealAudienceRequest | null {
  const parsed = ZAppealAudienceRequest.safeParse({
    groups: [...v.groups].sort(),
    urgency: v.urgency || undefined,
    campaignId: v.campaignId ? Number(v.campaignId) : undefined,
  });
  return parsed.success ? parsed.data : null;
}

/** The preview's breakdown lines that have someone in them, in the order staff read them. */
export function previewParts(p: TAppealPreview): (keyof Omit<TAppealPreview, 'count'>)[] {
  const order = ['confirmed', 'selfDeclared', 'onCall', 'heldByFatigue'] as const;
  return order.filter((k) => p[k] > 0);
}

/** The end proposed when a campaign is chosen: the campaign's own end (an appeal may not outlast it). */
export function defaultEnd(campaignEndsAt: string | null | undefined): { endDate: string; endTime: string } {
  const { date, time } = isoToVnLocal(campaignEndsAt);
  return { endDate: date, endTime: time };
}

/** Still being sent: the console follows the progress every second. */
export const isAppealSending = (a: Pick<TAdminAppeal, 'delivery'>) =>
  a.delivery.status === 'QUEUED' || a.delivery.status === 'SENDING';

/** Open or still being sent: its counts move on their own. */
export const isAppealLive = (a: Pick<TAdminAppeal, 'status' | 'delivery'>) =>
  a.status === 'OPEN' || isAppealSending(a);

/** How often an appeal's page asks again: every second while sending, every 5 s while open, else never. */
export function appealPollMs(a: Pick<TAdminAppeal, 'status' | 'delivery'>): number | false {
  if (isAppealSending(a)) return 1_000;
  return a.status === 'OPEN' ? 5_000 : false;
}
