import { APPEAL_PUBLIC_TEXTS, PUBLIC_APPEAL_API } from './appeal-public.ts';
import { stockGroupLabel } from './constants.ts';
import { PAGES } from './pages.ts';
import { REGISTRATION_QUERY } from './registration-links.ts';

/*
 * Appeals: when a group runs short, staff ask the donors who can give it — and no one else — to
 * come to one campaign. The audience is computed by the server (blood group, eligibility on the
 * campaign's day, consent, fatigue rules); the donor answers 'Tôi sẽ đến', which opens the usual
 * registration wizard on the campaign and slot, or 'Lần này tôi không thể'. A fixed site is a
 * campaign that runs every day, so an appeal always names a campaign.
 *
 * This module holds their paths, rules, words and messages, without zod: the donor's pages (the
 * wizard's note, the appeal pages) read them without building the appeals' schemas, which are in
 * appeals.ts (ADR 76).
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
/** Groups as printed on an appeal: 'O−, A−'. */
export const appealGroupsLabel = (groups: readonly string[]) => groups.map(stockGroupLabel).join(', ');

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
