import { z } from 'zod';
import { ZCampaign } from './campaigns.ts';
import { parseInstant, vnDayOf, zInstant } from './dates.ts';
import { ZEnvelope } from './envelope.ts';
import { ZId } from './ids.ts';
import { ZSlotCapacity, ZSlotMinutes } from './slots.ts';

/*
 * Campaigns in the staff console: creating, editing and cancelling one, its picture, the list with
 * its filters and the day's numbers. Paths, request schemas with their Vietnamese messages and
 * answer shapes; the console's campaign form and the server validate with the same schemas.
 */

export const ADMIN_CAMPAIGN_API = {
  campaigns: '/api/admin/campaigns',
  campaign: (id: number | string) => `/api/admin/campaigns/${id}`,
  campaignCancel: (id: number | string) => `/api/admin/campaigns/${id}/cancel`,
  campaignImage: (id: number | string) => `/api/admin/campaigns/${id}/image`,
  questionSets: '/api/admin/question-sets',
} as const;

export const CAMPAIGN_ADMIN_MESSAGES = {
  nameRequired: 'Vui lòng nhập tên chiến dịch',
  nameTooLong: 'Tên chiến dịch không quá 200 ký tự',
  locationRequired: 'Vui lòng nhập địa điểm',
  locationTooLong: 'Địa điểm không quá 300 ký tự',
  descriptionTooLong: 'Mô tả không quá 5000 ký tự',
  timeRequired: 'Vui lòng nhập ngày và giờ',
  windowSameDay: 'Thời gian nhận máu phải nằm trong ngày diễn ra chiến dịch',
  endAfterStart: 'Giờ kết thúc nhận máu phải sau giờ bắt đầu',
  endInFuture: 'Giờ kết thúc nhận máu phải ở tương lai',
  targetRange: 'Mục tiêu phải là số nguyên từ 1 đến 100000',
  questionSetRequired: 'Vui lòng chọn bộ câu hỏi',
  questionSetNotFound: 'Bộ câu hỏi không tồn tại',
  cancelReasonRequired: 'Vui lòng nhập lý do hủy',
  cancelReasonTooLong: 'Lý do hủy không quá 500 ký tự',
  campaignNotFound: 'Không tìm thấy chiến dịch',
  imageNotFound: 'Chiến dịch chưa có ảnh',
  imageInvalid: 'Ảnh không hợp lệ. Vui lòng chọn ảnh JPG, PNG, WebP hoặc GIF không quá 5MB',
  campaignCancelled: 'Chiến dịch đã bị hủy, không thể thay đổi',
  campaignAlreadyCancelled: 'Chiến dịch này đã được hủy trước đó',
} as const;
const M = CAMPAIGN_ADMIN_MESSAGES;

/** An instant of a campaign's times: ISO with a zone, a real day, year 2000–2100. */
const ZInstant = zInstant({ message: M.timeRequired });

type TWindow = { organizeTime: string; startReceiveTime: string; endReceiveTime: string };

/** The receiving window lies on the event day (Vietnam) and ends after it starts. */
function checkWindow(v: TWindow, ctx: z.RefinementCtx) {
  const times = [v.organizeTime, v.startReceiveTime, v.endReceiveTime];
  if (times.some((t) => !parseInstant(t))) return;
  const day = vnDayOf(v.organizeTime);
  if (vnDayOf(v.startReceiveTime) !== day || vnDayOf(v.endReceiveTime) !== day)
    ctx.addIssue({ code: 'custom', path: ['startReceiveTime'], message: M.windowSameDay });
  if (Date.parse(v.endReceiveTime) <= Date.parse(v.startReceiveTime))
    ctx.addIssue({ code: 'custom', path: ['endReceiveTime'], message: M.endAfterStart });
}

const windowFields = { organizeTime: ZInstant, startReceiveTime: ZInstant, endReceiveTime: ZInstant };

/** The times alone: a form checks them even while another field is still wrong. */
export const ZAdminCampaignWindow = z.object(windowFields).superRefine(checkWindow);

/** A campaign as staff create or edit it; times are ISO instants (the form enters Vietnam time). */
export const ZAdminCampaignRequest = z
  .object({
    name: z.string().trim().min(1, M.nameRequired).max(200, M.nameTooLong),
    location: z.string().trim().min(1, M.locationRequired).max(300, M.locationTooLong),
    ...windowFields,
    description: z.string().trim().max(5000, M.descriptionTooLong),
    targetBloodUnits: z
      .number({ error: M.targetRange })
      .int(M.targetRange)
      .min(1, M.targetRange)
      .max(100_000, M.targetRange),
    questionSetId: ZId.or(z.undefined()).refine((v) => v !== undefined, M.questionSetRequired),
    /** Slot length in minutes (default 30) and places per slot (default: the target spread over the slots). */
    slotMinutes: ZSlotMinutes.optional(),
    slotCapacity: ZSlotCapacity.optional(),
  })
  .superRefine(checkWindow);
export type TAdminCampaignRequest = z.input<typeof ZAdminCampaignRequest>;

/**
 * A new campaign is still receiving donors: its receiving ends in the future. Its start may have
 * passed (a drive entered on its own day); an edit may keep a finished one's times.
 */
export const isStillReceiving = (endReceiveTime: string, now = Date.now()) =>
  Date.parse(endReceiveTime) > now;

export const ZAdminCampaignCancelRequest = z.object({
  reason: z.string().trim().min(1, M.cancelReasonRequired).max(500, M.cancelReasonTooLong),
});
export type TAdminCampaignCancelRequest = z.infer<typeof ZAdminCampaignCancelRequest>;

export const ADMIN_CAMPAIGN_FILTERS = ['upcoming', 'past', 'cancelled'] as const;
export type TAdminCampaignFilter = (typeof ADMIN_CAMPAIGN_FILTERS)[number];
export const ZAdminCampaignListQuery = z.object({
  filter: z.enum(ADMIN_CAMPAIGN_FILTERS).default('upcoming'),
  search: z.string().trim().max(200).optional(),
});

export const ZAdminCampaignCounts = z.object({
  registered: z.number().int(),
  booked: z.number().int(),
  checkedIn: z.number().int(),
  done: z.number().int(),
  deferred: z.number().int(),
  noShow: z.number().int(),
  cancelled: z.number().int(),
});

/** A campaign as staff see it: the public fields, whether it was cancelled and the day's numbers. */
export const ZAdminCampaign = ZCampaign.extend({
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  counts: ZAdminCampaignCounts,
  /** Donations recorded DONE. */
  unitsCollected: z.number().int(),
  slotMinutes: z.number().int(),
  slotCapacity: z.number().int(),
});
export type TAdminCampaign = z.infer<typeof ZAdminCampaign>;
export const ZAdminCampaignList = z.object({
  items: z.array(ZAdminCampaign),
  counts: z.object({ upcoming: z.number().int(), past: z.number().int(), cancelled: z.number().int() }),
});
export type TAdminCampaignList = z.infer<typeof ZAdminCampaignList>;
export const ZAdminCampaignResponse = ZEnvelope(ZAdminCampaign);
export const ZAdminCampaignListResponse = ZEnvelope(ZAdminCampaignList);

export const ZAdminQuestionSet = z.object({ id: z.number().int(), name: z.string() });
export type TAdminQuestionSet = z.infer<typeof ZAdminQuestionSet>;
export const ZAdminQuestionSetListResponse = ZEnvelope(z.array(ZAdminQuestionSet));
