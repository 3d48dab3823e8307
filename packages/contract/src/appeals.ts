import { z } from 'zod';
import { APPEAL_PUBLIC_TEXTS, APPEAL_URGENCIES, PUBLIC_APPEAL_API } from './appeal-public.ts';
import { BLOOD_GROUPS } from './constants.ts';
import { zInstant } from './dates.ts';
import { ZEnvelope } from './envelope.ts';
import { zId, ZIdParam } from './ids.ts';
import { PAGES } from './pages.ts';
import { REGISTRATION_QUERY } from './registration-links.ts';
import { stockGroupLabel } from './stock.ts';
import { multiLineText, singleLineText } from './text-field.ts';

/*
 * Appeals: when a group runs short, staff ask the donors who can give it — and no one else — to
 * come to one campaign. The audience is computed by the server (blood group, eligibility on the
 * campaign's day, consent, fatigue rules); the donor answers 'Tôi sẽ đến', which opens the usual
 * registration wizard on the campaign and slot, or 'Lần này tôi không thể'. A fixed site is a
 * campaign that runs every day, so an appeal always names a campaign.
 */

export const APPEAL_API = {
  /** The donor's appeals: those that reached them, newest first. */
  mine: '/api/appeals/mine',
  /** One appeal that reached the donor (reading it counts as opened). */
  appeal: (id: number | string) => `/api/appeals/${id}`,
  /** POST the donor's answer. */
  responses: (id: number | string) => `/api/appeals/${id}/responses`,
  /** Public: open appeals, for the landing page (groups, place and time; nothing personal). */
  open: PUBLIC_APPEAL_API.open,
} as const;

export const ADMIN_APPEAL_API = {
  appeals: '/api/admin/appeals',
  appeal: (id: number | string) => `/api/admin/appeals/${id}`,
  /** How many donors an appeal would reach, before it is sent. */
  previewCount: '/api/admin/appeals/preview-count',
  /** POST: staff end an appeal before its end time or target. */
  end: (id: number | string) => `/api/admin/appeals/${id}/end`,
} as const;

/** Donor pages: the list of appeals that reached the donor, and one appeal (a notification's link). */
export const APPEAL_PAGES = {
  mine: PAGES.appeals,
  appeal: PAGES.appeal,
} as const;

/** The rules that keep appeals from wearing donors out. The server's configuration defaults to these. */
export const APPEAL_RULES = {
  /** At most one appeal per donor in this many days (APPEAL_MIN_DAYS_BETWEEN); CRITICAL may reach them once more. */
  minDaysBetween: 14,
  /** How many CRITICAL appeals may reach a donor beyond the rule above, within the same days. */
  criticalExtra: 1,
  /** Vietnam time: nothing but CRITICAL is sent from quietFrom until quietTo. */
  quietFrom: '21:00',
  quietTo: '07:00',
  targetMax: 5000,
  titleMax: 120,
  messageMax: 2000,
} as const;

/**
 * Whether `at` falls in the quiet hours (21:00–07:00 Vietnam time): a URGENT appeal waits for
 * 07:00, a CRITICAL one goes now.
 */
export function isAppealQuietTime(at: Date): boolean {
  const vnMinutes = (at.getUTCHours() * 60 + at.getUTCMinutes() + 7 * 60) % (24 * 60);
  const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
  return vnMinutes >= minutesOf(APPEAL_RULES.quietFrom) || vnMinutes < minutesOf(APPEAL_RULES.quietTo);
}

export const APPEAL_ANSWERS = ['COMING', 'DECLINED'] as const;
export type TAppealAnswer = (typeof APPEAL_ANSWERS)[number];

export const APPEAL_STATUSES = ['OPEN', 'ENDED'] as const;
export type TAppealStatus = (typeof APPEAL_STATUSES)[number];
/** Why an appeal ended: its end time passed, its target was booked, or staff ended it. */
export const APPEAL_END_REASONS = ['TIME', 'TARGET', 'STAFF'] as const;
export type TAppealEndReason = (typeof APPEAL_END_REASONS)[number];

/** The sending, as broadcasts show it; WAITING is a URGENT appeal held by the quiet hours. */
export const APPEAL_DELIVERY_STATUSES = ['QUEUED', 'WAITING', 'SENDING', 'DONE', 'STOPPED'] as const;
export type TAppealDeliveryStatus = (typeof APPEAL_DELIVERY_STATUSES)[number];

export const APPEAL_TEXTS = {
  // The donor
  coming: 'Tôi sẽ đến',
  notThisTime: 'Lần này tôi không thể',
  answeredComing: 'Bạn đã nhận lời kêu gọi này. Cảm ơn bạn!',
  answeredDeclined: 'Bạn đã trả lời không thể tham gia lần này. Cảm ơn bạn đã phản hồi.',
  changeAnswer: 'Đổi câu trả lời',
  booked: 'Bạn đã đăng ký hiến máu theo lời kêu gọi này.',
  ended: 'Lời kêu gọi này đã kết thúc. Cảm ơn bạn!',
  groupsNeeded: APPEAL_PUBLIC_TEXTS.groupsNeeded,
  place: APPEAL_PUBLIC_TEXTS.place,
  time: APPEAL_PUBLIC_TEXTS.time,
  endsAt: 'Kết thúc nhận đăng ký',
  /** Said on an URGENT appeal: donors reached by the group they declared themselves. */
  selfDeclaredNote:
    'Lời kêu gọi này được gửi cả tới người hiến máu tự khai báo nhóm máu. Nhóm máu của bạn sẽ được xác nhận khi hiến máu.',
  whyYou: (groups: string) => `Bạn nhận được lời kêu gọi này vì nhóm máu của bạn (${groups}) đang cần.`,
  mineTitle: 'Lời kêu gọi hiến máu',
  mineEmpty: 'Chưa có lời kêu gọi nào gửi tới bạn',
  notFound: 'Không tìm thấy lời kêu gọi',
  loadFailed: 'Không thể tải lời kêu gọi',
  /** 'Tôi sẽ đến' on an appeal naming several slots: the donor picks one before the wizard. */
  chooseSlot: 'Chọn khung giờ bạn sẽ đến',
  allAppeals: 'Tất cả lời kêu gọi',
  endedBadge: 'Đã kết thúc',
  /** The registration wizard opened from an appeal: every rule and the questionnaire still apply. */
  registrationNote:
    'Bạn đang đăng ký hiến máu theo lời kêu gọi của Hội. Phiếu câu hỏi sức khỏe và các điều kiện đăng ký vẫn áp dụng như thường lệ.',
  /** The notification's and the e-mail's title. */
  notificationTitle: (groups: string) => `Lời kêu gọi hiến máu: cần nhóm máu ${groups}`,
  /** The landing page's section. */
  openTitle: APPEAL_PUBLIC_TEXTS.openTitle,
  openIntro: APPEAL_PUBLIC_TEXTS.openIntro,
  register: APPEAL_PUBLIC_TEXTS.register,
  openListLabel: APPEAL_PUBLIC_TEXTS.openListLabel,
  // The consent, with the others on the privacy tab, and offered after a first donation.
  consentOffer: 'Bạn có muốn nhận lời kêu gọi khi nhóm máu của bạn cần?',
  consentAccept: 'Đồng ý nhận lời kêu gọi',
  consentLater: 'Để sau',
  // The console
  consoleTitle: 'Lời kêu gọi',
  consoleSub:
    'Kêu gọi người hiến máu có nhóm máu đang cần, đủ điều kiện hiến vào ngày của chiến dịch và đã đồng ý nhận lời kêu gọi.',
  newAppeal: 'Tạo lời kêu gọi',
  titleLabel: 'Tiêu đề',
  messageLabel: 'Nội dung',
  groupsLabel: 'Nhóm máu cần',
  campaignLabel: 'Chiến dịch',
  slotsLabel: 'Khung giờ',
  allSlots: 'Tất cả khung giờ',
  urgencyLabel: 'Mức độ',
  endsAtLabel: 'Kết thúc lúc',
  targetLabel: 'Số người cần',
  previewCount: (n: number) => `Lời kêu gọi sẽ gửi tới ${n} người hiến máu`,
  previewIncomplete: 'Chọn nhóm máu, mức độ và chiến dịch để xem số người nhận.',
  previewCounting: 'Đang đếm người nhận…',
  previewConfirmed: (n: number) => `${n} người có nhóm máu đã được xét nghiệm xác nhận`,
  previewSelfDeclared: (n: number) => `${n} người tự khai báo nhóm máu`,
  previewOnCall: (n: number) => `${n} thành viên câu lạc bộ máu hiếm đang trực`,
  previewHeld: (n: number) =>
    `${n} người phù hợp không nhận vì đã nhận lời kêu gọi trong ${APPEAL_RULES.minDaysBetween} ngày qua`,
  noCampaigns: 'Chưa có chiến dịch sắp tới',
  chooseCampaign: 'Chọn chiến dịch…',
  chooseUrgency: 'Chọn mức độ…',
  endsAtTimeLabel: 'Giờ kết thúc',
  sendConfirm: (n: number) => `Gửi lời kêu gọi tới ${n} người hiến máu?`,
  delivery: 'Tiến độ gửi',
  deliveryProgress: (sent: number, total: number) => `Đã gửi ${sent}/${total}`,
  countsTitle: 'Kết quả',
  targetProgress: (booked: number, target: number) => `${booked}/${target} người đã đăng ký`,
  endedAt: (at: string) => `Kết thúc lúc ${at}`,
  send: 'Gửi lời kêu gọi',
  sent: 'Đã bắt đầu gửi lời kêu gọi',
  end: 'Kết thúc lời kêu gọi',
  endConfirm: 'Kết thúc lời kêu gọi này? Người hiến máu sẽ không thể nhận lời nữa.',
  endedToast: 'Đã kết thúc lời kêu gọi',
  reached: 'Đã gửi tới',
  opened: 'Đã xem',
  answered: 'Đã trả lời',
  comingCount: 'Sẽ đến',
  declinedCount: 'Không thể',
  bookedCount: 'Đã đăng ký',
  donatedCount: 'Đã hiến',
  empty: 'Chưa có lời kêu gọi nào',
} as const;

export const APPEAL_STATUS_LABELS: Record<TAppealStatus, string> = {
  OPEN: 'Đang kêu gọi',
  ENDED: 'Đã kết thúc',
};
export const APPEAL_END_REASON_LABELS: Record<TAppealEndReason, string> = {
  TIME: 'Hết thời gian',
  TARGET: 'Đã đủ số người đăng ký',
  STAFF: 'Cán bộ kết thúc',
};
export const APPEAL_DELIVERY_LABELS: Record<TAppealDeliveryStatus, string> = {
  QUEUED: 'Đang chờ gửi',
  WAITING: 'Chờ đến 07:00 để gửi (giờ yên tĩnh)',
  SENDING: 'Đang gửi',
  DONE: 'Đã gửi xong',
  STOPPED: 'Đã dừng gửi',
};

export const APPEAL_MESSAGES = {
  titleRequired: 'Vui lòng nhập tiêu đề',
  titleTooLong: `Tiêu đề không quá ${APPEAL_RULES.titleMax} ký tự`,
  messageRequired: 'Vui lòng nhập nội dung',
  messageTooLong: `Nội dung không quá ${APPEAL_RULES.messageMax} ký tự`,
  groupsRequired: 'Vui lòng chọn ít nhất một nhóm máu',
  groupInvalid: 'Nhóm máu không hợp lệ',
  campaignRequired: 'Vui lòng chọn chiến dịch',
  campaignNotFound: 'Không tìm thấy chiến dịch',
  campaignOver: 'Chiến dịch đã kết thúc',
  slotInvalid: 'Khung giờ không thuộc chiến dịch',
  urgencyRequired: 'Vui lòng chọn mức độ',
  endsAtRequired: 'Vui lòng chọn thời điểm kết thúc',
  endsAtPast: 'Thời điểm kết thúc phải ở sau hiện tại',
  endsAtAfterCampaign: 'Thời điểm kết thúc không được sau khi chiến dịch kết thúc',
  targetRange: `Số người cần từ 1 đến ${APPEAL_RULES.targetMax}`,
  keyInvalid: 'Mã yêu cầu không hợp lệ',
  noRecipients: 'Không có người hiến máu nào phù hợp',
  appealNotFound: 'Không tìm thấy lời kêu gọi',
  appealEnded: 'Lời kêu gọi này đã kết thúc',
  answerRequired: 'Vui lòng chọn câu trả lời',
  responseSaved: 'Đã ghi nhận câu trả lời của bạn',
} as const;
const M = APPEAL_MESSAGES;

/** Groups as printed on an appeal: 'O−, A−'. */
export const appealGroupsLabel = (groups: readonly string[]) => groups.map(stockGroupLabel).join(', ');

const ZGroups = z
  .array(z.enum(BLOOD_GROUPS, { error: M.groupInvalid }), { error: M.groupsRequired })
  .min(1, M.groupsRequired)
  .max(BLOOD_GROUPS.length, M.groupInvalid)
  .refine((g) => new Set(g).size === g.length, M.groupInvalid);

/** Who an appeal would reach: what the preview counts and what the sending selects. */
export const ZAppealAudienceRequest = z.object({
  groups: ZGroups,
  urgency: z.enum(APPEAL_URGENCIES, { error: M.urgencyRequired }),
  campaignId: zId(M.campaignRequired),
});
export type TAppealAudienceRequest = z.input<typeof ZAppealAudienceRequest>;

export const ZAppealRequest = ZAppealAudienceRequest.extend({
  /** Chosen by the browser once per form: a double click or a retry creates one appeal. */
  idempotencyKey: z.string().regex(/^[A-Za-z0-9-]{16,64}$/, M.keyInvalid),
  title: singleLineText({ error: M.titleRequired }, { trim: true })
    .min(1, M.titleRequired)
    .max(APPEAL_RULES.titleMax, M.titleTooLong),
  /** Plain text (line breaks kept); the server escapes it for the notification and the e-mail. */
  message: multiLineText({ error: M.messageRequired }, { trim: true })
    .min(1, M.messageRequired)
    .max(APPEAL_RULES.messageMax, M.messageTooLong),
  /** Slot starts (ISO instants) of the campaign donors are asked to come to; empty or absent: any slot. */
  slotStarts: z
    .array(zInstant({ message: M.slotInvalid }))
    .max(200, M.slotInvalid)
    .optional()
    .default([]),
  endsAt: zInstant({ message: M.endsAtRequired }),
  target: z
    .number({ error: M.targetRange })
    .int(M.targetRange)
    .min(1, M.targetRange)
    .max(APPEAL_RULES.targetMax, M.targetRange),
});
export type TAppealRequest = z.input<typeof ZAppealRequest>;

/** The preview: how many donors the appeal would reach now, and how they were chosen. */
export const ZAppealPreview = z.object({
  count: z.number().int(),
  /** Reached by a lab-confirmed group. */
  confirmed: z.number().int(),
  /** Reached by a self-declared group (URGENT only). */
  selfDeclared: z.number().int(),
  /** Rare-blood club members on call, reached by a CRITICAL appeal whatever the 14-day rule says. */
  onCall: z.number().int(),
  /** Matching donors left out by the 14-day rule. */
  heldByFatigue: z.number().int(),
});
export type TAppealPreview = z.infer<typeof ZAppealPreview>;
export const ZAppealPreviewResponse = ZEnvelope(ZAppealPreview);

const ZAppealCampaign = z.object({
  id: z.number().int(),
  name: z.string(),
  questionSetId: z.number().int(),
  /** Where: the campaign's address as donors see it. */
  place: z.string(),
  /** ISO instants of the campaign's start and end. */
  startsAt: z.string(),
  endsAt: z.string(),
});

export const ZAppealCounts = z.object({
  reached: z.number().int(),
  opened: z.number().int(),
  answered: z.number().int(),
  coming: z.number().int(),
  declined: z.number().int(),
  booked: z.number().int(),
  donated: z.number().int(),
});
export type TAppealCounts = z.infer<typeof ZAppealCounts>;

/** An appeal as staff see it, with its sending and live counts. */
export const ZAdminAppeal = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  groups: z.array(z.string()),
  urgency: z.enum(APPEAL_URGENCIES),
  campaign: ZAppealCampaign,
  slotStarts: z.array(z.string()),
  endsAt: z.string(),
  target: z.number().int(),
  status: z.enum(APPEAL_STATUSES),
  endReason: z.enum(APPEAL_END_REASONS).nullable(),
  endedAt: z.string().nullable(),
  createdAt: z.string(),
  delivery: z.object({
    status: z.enum(APPEAL_DELIVERY_STATUSES),
    total: z.number().int(),
    sent: z.number().int(),
    emailed: z.number().int(),
  }),
  counts: ZAppealCounts,
});
export type TAdminAppeal = z.infer<typeof ZAdminAppeal>;
export const ZAdminAppealResponse = ZEnvelope(ZAdminAppeal);
export const ZAdminAppealListResponse = ZEnvelope(z.array(ZAdminAppeal));

/** An appeal as the donor it reached sees it. */
export const ZMyAppeal = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  groups: z.array(z.string()),
  urgency: z.enum(APPEAL_URGENCIES),
  /** URGENT appeals also reach self-declared groups, and say so (APPEAL_TEXTS.selfDeclaredNote). */
  includesSelfDeclared: z.boolean(),
  campaign: ZAppealCampaign,
  slotStarts: z.array(z.string()),
  endsAt: z.string(),
  status: z.enum(APPEAL_STATUSES),
  answer: z.enum(APPEAL_ANSWERS).nullable(),
  /** The donor holds a booking for the appeal's campaign. */
  booked: z.boolean(),
  reachedAt: z.string(),
});
export type TMyAppeal = z.infer<typeof ZMyAppeal>;
export const ZMyAppealResponse = ZEnvelope(ZMyAppeal);
export const ZMyAppealListResponse = ZEnvelope(z.array(ZMyAppeal));

/** The id in an appeal's path (donor and staff routes). */
export const ZAppealIdParams = z.object({ id: ZIdParam });

export const ZAppealResponseRequest = z.object({
  answer: z.enum(APPEAL_ANSWERS, { error: M.answerRequired }),
});
export type TAppealResponseRequest = z.input<typeof ZAppealResponseRequest>;

/** An open appeal as the landing page shows it to anyone: no count of donors, no person. */
export const ZPublicAppeal = z.object({
  id: z.number().int(),
  title: z.string(),
  groups: z.array(z.string()),
  urgency: z.enum(APPEAL_URGENCIES),
  campaign: ZAppealCampaign,
  endsAt: z.string(),
});
export type TPublicAppeal = z.infer<typeof ZPublicAppeal>;
export const ZPublicAppealListResponse = ZEnvelope(z.array(ZPublicAppeal));

/**
 * Where 'Tôi sẽ đến' leads: the registration wizard on the appeal's campaign (and the slot when the
 * appeal names one), where the questionnaire and every registration rule apply as usual.
 */
export function appealRegistrationPath(
  appeal: { id: number; campaign: { id: number; questionSetId: number } },
  slotStart?: string,
): string {
  const qs = new URLSearchParams({
    [REGISTRATION_QUERY.campaignId]: String(appeal.campaign.id),
    [REGISTRATION_QUERY.questionSet]: String(appeal.campaign.questionSetId),
    [REGISTRATION_QUERY.appeal]: String(appeal.id),
  });
  if (slotStart) qs.set(REGISTRATION_QUERY.slot, slotStart);
  return `${PAGES.donationRegistration}?${qs.toString()}`;
}
