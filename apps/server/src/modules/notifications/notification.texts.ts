import {
  LAB_GROUP_CORRECTED_MESSAGE,
  LAB_GROUP_MESSAGE,
  PAGES,
  PROFILE_TABS,
  RESULT_CONTACT_MESSAGE,
  UNIT_ISSUED_MESSAGE,
} from '@giot-hong/contract';
import { htmlToPlainText, sanitizeRichHtml } from '../../lib/sanitize-html.ts';
import { formatVnDate, VN_OFFSET_MS } from '../../lib/vn-time.ts';
import { escapeHtml } from '../../mail/templates.ts';

/** Longest title kept (the panel shows 50 characters, the detail page the whole title). */
export const TITLE_MAX = 200;
/** Longest content kept, in characters of sanitised HTML. */
export const CONTENT_MAX = 20_000;

const pad = (n: number) => String(n).padStart(2, '0');

/** HH:mm of an instant in Vietnam. */
export function formatVnTime(at: Date): string {
  const shifted = new Date(at.getTime() + VN_OFFSET_MS);
  return `${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}`;
}

/**
 * A title is plain text: markup is removed, entities decoded, and the result stripped again
 * until nothing tag-like is left (so '&lt;script&gt;' cannot come back as '<script>').
 */
export function sanitizeTitle(dirty: string): string {
  let text = dirty;
  for (let i = 0; i < 5; i++) {
    const next = htmlToPlainText(text);
    if (next === text) break;
    text = next;
  }
  // Whatever is still shaped like a tag after decoding loses its angle brackets.
  text = text.replace(/<(?=[a-z/!?])/gi, '‹');
  return text.slice(0, TITLE_MAX).trim();
}

/** Content is sanitised rich HTML (the news allow-list), capped in length. */
export function sanitizeContent(dirty: string): string {
  const clean = sanitizeRichHtml(dirty);
  if (clean.length <= CONTENT_MAX) return clean;
  // Cut as text and sanitise again, so the cut never leaves half a tag.
  return sanitizeRichHtml(clean.slice(0, CONTENT_MAX));
}

/**
 * A link is a page of the portal ('/tin-tuc/5', never '//host') or an absolute http(s) URL;
 * anything else (javascript:, data:, relative junk) is dropped.
 */
export function sanitizeLink(link: string | null | undefined): string | null {
  const value = link?.trim();
  if (!value) return null;
  if (/^\/(?![/\\])[^\s]*$/.test(value)) return value.slice(0, 2000);
  try {
    const url = new URL(value);
    if (url.protocol === 'https:' || url.protocol === 'http:') return url.toString().slice(0, 2000);
  } catch {
    /* not a URL */
  }
  return null;
}

type CampaignFacts = { name: string; location: string; organizeTime: Date };

const when = (c: CampaignFacts) => `${formatVnTime(c.organizeTime)} ngày ${formatVnDate(c.organizeTime)}`;
const appointmentLink = (appointmentId: number) =>
  `${PAGES.profile}#${PROFILE_TABS.appointment(appointmentId)}`;

/** The Vietnamese texts of the notifications the portal writes itself. */
/** The donor's record, where certificates and honours are. */
const recordLink = `${PAGES.profile}#${PROFILE_TABS.record}`;

export const NOTIFICATION_TEMPLATES = {
  milestone: (n: number) => ({
    title: `Chúc mừng bạn đạt mốc ${n} lần hiến máu`,
    content:
      `<p>Bạn đã hiến máu ${n} lần. Hội Chữ thập đỏ trân trọng cảm ơn tấm lòng của bạn.</p>` +
      '<p>Xem các mốc vinh danh của bạn trong Hồ sơ hiến máu.</p>',
    link: recordLink,
  }),
  certificateUsed: (u: { serial: string; hospital: string; volumeMl: number; remainingMl: number }) => ({
    title: 'Giấy chứng nhận hiến máu của bạn vừa được sử dụng',
    content:
      `<p>Giấy chứng nhận số <strong>${escapeHtml(u.serial)}</strong> đã được dùng ${u.volumeMl} ml tại ${escapeHtml(u.hospital)}.</p>` +
      `<p>Thể tích còn lại: ${u.remainingMl} ml.</p>`,
    link: recordLink,
  }),
  /** The unit of a donation reached a hospital ('donatedOn' as dd/MM/yyyy). */
  unitIssued: (donatedOn: string, hospital: string) => ({
    title: UNIT_ISSUED_MESSAGE.title,
    content: `<p>${escapeHtml(UNIT_ISSUED_MESSAGE.content(donatedOn, hospital))}</p>`,
    link: recordLink,
  }),
  labGroup: (declared: string, lab: string) => ({
    title: LAB_GROUP_MESSAGE.title,
    content: `<p>${escapeHtml(LAB_GROUP_MESSAGE.content(declared, lab))}</p>`,
    link: recordLink,
  }),
  labGroupCorrected: (earlier: string, lab: string) => ({
    title: LAB_GROUP_CORRECTED_MESSAGE.title,
    content: `<p>${escapeHtml(LAB_GROUP_CORRECTED_MESSAGE.content(earlier, lab))}</p>`,
    link: recordLink,
  }),
  /** Neutral on purpose: no word of a result, a test or a unit (a reactive result is said in person). */
  chapterContact: (phone: string, openingHours: string) => ({
    title: RESULT_CONTACT_MESSAGE.title,
    content: `<p>${escapeHtml(RESULT_CONTACT_MESSAGE.content(phone, openingHours))}</p>`,
    link: PAGES.contact,
  }),
  certificateRevoked: (serial: string, reason: string) => ({
    title: 'Giấy chứng nhận hiến máu đã bị thu hồi',
    content:
      `<p>Giấy chứng nhận số <strong>${escapeHtml(serial)}</strong> đã bị thu hồi.</p><p>Lý do: ${escapeHtml(reason)}</p>` +
      '<p>Nếu bạn cho rằng có nhầm lẫn, vui lòng liên hệ Hội Chữ thập đỏ.</p>',
    link: recordLink,
  }),
  campaignCancelled: (c: CampaignFacts, reason: string) => ({
    title: 'Chiến dịch hiến máu đã bị hủy',
    content:
      `<p>Chiến dịch <strong>${escapeHtml(c.name)}</strong> (${when(c)}) đã bị hủy, lịch hẹn của bạn cũng được hủy theo.</p>` +
      `<p>Lý do: ${escapeHtml(reason)}</p>` +
      '<p>Mong bạn đăng ký tham gia một chiến dịch khác. Xin cảm ơn bạn!</p>',
    link: PAGES.donationRegistration,
  }),
  /** `corrected`: the labels of the fields staff changed from what was read on the card. */
  identityApproved: (corrected: string[]) => ({
    title: 'Hồ sơ của bạn đã được xác thực',
    content:
      '<p>Cán bộ Hội Chữ thập đỏ đã duyệt thông tin căn cước của bạn. Bạn có thể đăng ký hiến máu.</p>' +
      (corrected.length
        ? `<p>Khi duyệt, cán bộ đã sửa thông tin đọc từ ảnh căn cước: ${escapeHtml(corrected.join(', '))}. Vui lòng xem lại thông tin trong Trang cá nhân và liên hệ Hội nếu có sai sót.</p>`
        : ''),
    link: PAGES.profile,
  }),
  identityRejected: (reason: string) => ({
    title: 'Thông tin căn cước chưa được duyệt',
    content:
      `<p>Cán bộ Hội Chữ thập đỏ đã xem ảnh căn cước bạn gửi và chưa thể xác thực hồ sơ của bạn.</p><p>Lý do: ${escapeHtml(reason)}</p>` +
      '<p>Vui lòng thực hiện lại bước xác thực căn cước với ảnh rõ nét của thẻ gốc.</p>',
    link: PAGES.profile,
  }),
  identityRevoked: (reason: string) => ({
    title: 'Xác thực căn cước của bạn đã bị thu hồi',
    content:
      `<p>Số căn cước trên hồ sơ của bạn đã được xác định là của một người hiến máu khác, nên xác thực của tài khoản này đã bị thu hồi.</p><p>Lý do: ${escapeHtml(reason)}</p>` +
      '<p>Nếu bạn cho rằng có nhầm lẫn, vui lòng liên hệ Hội Chữ thập đỏ.</p>',
    link: PAGES.profile,
  }),
  identityDisputeResolved: () => ({
    title: 'Yêu cầu xác thực căn cước của bạn đã được xử lý',
    content:
      '<p>Hội Chữ thập đỏ đã thu hồi xác thực của tài khoản khác đang giữ số căn cước của bạn.</p>' +
      '<p>Cán bộ sẽ duyệt hồ sơ của bạn; bạn sẽ nhận được thông báo khi hồ sơ được xác thực.</p>',
    link: PAGES.profile,
  }),
  donationThanks: (c: CampaignFacts, appointmentId: number) => ({
    title: 'Cảm ơn bạn đã hiến máu',
    content:
      `<p>Cảm ơn bạn đã hiến máu tại <strong>${escapeHtml(c.name)}</strong>. Giọt máu của bạn sẽ giúp những người bệnh đang cần.</p>` +
      '<p>Hãy nghỉ ngơi, uống nhiều nước và cho chúng tôi biết cảm nhận của bạn về buổi hiến máu.</p>',
    link: appointmentLink(appointmentId),
  }),
  registered: (c: CampaignFacts, appointmentId: number) => ({
    title: 'Đăng ký hiến máu thành công',
    content:
      `<p>Bạn đã đăng ký tham gia <strong>${escapeHtml(c.name)}</strong> lúc ${when(c)} tại ${escapeHtml(c.location)}.</p>` +
      '<p>Hãy ngủ ít nhất 6 tiếng và không uống rượu bia trong 24 giờ trước khi hiến máu. Nhớ mang theo giấy tờ tùy thân có ảnh.</p>',
    link: appointmentLink(appointmentId),
  }),
  rescheduled: (c: CampaignFacts & { slotEnd: Date }, appointmentId: number) => ({
    title: 'Đã đổi giờ hẹn hiến máu',
    content:
      `<p>Lịch hẹn của bạn tại <strong>${escapeHtml(c.name)}</strong> đã được chuyển sang khung giờ ${formatVnTime(c.organizeTime)} – ${formatVnTime(c.slotEnd)} ngày ${formatVnDate(c.organizeTime)} tại ${escapeHtml(c.location)}.</p>` +
      '<p>Vui lòng đến đúng khung giờ đã chọn để không phải chờ lâu.</p>',
    link: appointmentLink(appointmentId),
  }),
  cancelled: (c: CampaignFacts) => ({
    title: 'Đã hủy lịch hẹn hiến máu',
    content:
      `<p>Lịch hẹn hiến máu của bạn tại <strong>${escapeHtml(c.name)}</strong> (${when(c)}) đã được hủy.</p>` +
      '<p>Bạn có thể đăng ký lại khi chiến dịch vẫn còn nhận đăng ký.</p>',
    link: PAGES.donationRegistration,
  }),
  reminderEve: (c: CampaignFacts, appointmentId: number) => ({
    title: 'Nhắc lịch: ngày mai bạn có lịch hiến máu',
    content:
      `<p>Ngày mai, lúc ${when(c)}, bạn có lịch hiến máu tại <strong>${escapeHtml(c.name)}</strong>, địa điểm: ${escapeHtml(c.location)}.</p>` +
      '<p>Tối nay hãy ngủ đủ giấc, không uống rượu bia; sáng mai ăn nhẹ và uống 300-500 ml nước trước khi hiến máu.</p>',
    link: appointmentLink(appointmentId),
  }),
  reminderMorning: (c: CampaignFacts, appointmentId: number) => ({
    title: 'Hôm nay bạn có lịch hiến máu',
    content:
      `<p>Hôm nay, lúc ${formatVnTime(c.organizeTime)}, bạn có lịch hiến máu tại <strong>${escapeHtml(c.name)}</strong>, địa điểm: ${escapeHtml(c.location)}.</p>` +
      '<p>Đừng quên mang theo căn cước công dân, ăn sáng nhẹ và uống đủ nước trước khi hiến máu.</p>',
    link: appointmentLink(appointmentId),
  }),
  donateAgain: (donatedAt: Date) => ({
    title: 'Bạn đã có thể hiến máu trở lại',
    content:
      `<p>Đã đủ 12 tuần kể từ lần hiến máu ngày ${formatVnDate(donatedAt)} của bạn. Bạn đã có thể đăng ký hiến máu trở lại.</p>` +
      '<p>Mỗi lần hiến máu có thể cứu sống tới 3 người.</p>',
    link: PAGES.donationRegistration,
  }),
  news: (n: { id: number; title: string; content: string }) => {
    const text = htmlToPlainText(n.content);
    const teaser = text.length > 300 ? `${text.slice(0, 297).trimEnd()}…` : text;
    return { title: n.title, content: `<p>${escapeHtml(teaser)}</p>`, link: PAGES.newsDetail(n.id) };
  },
} as const;
