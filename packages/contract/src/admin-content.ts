import { z } from 'zod';
import type { RouteParam } from './api-paths.ts';
import { BLOOD_GROUPS } from './constants.ts';
import { zDay } from './dates.ts';
import { ZEnvelope } from './envelope.ts';
import { ZId } from './ids.ts';
import { NOTIFICATION_TYPE } from './notification-types.ts';
import { multiLineText, singleLineText } from './text-field.ts';

/*
 * Staff console III, part A: the two inboxes (contact messages, appointment feedback) and
 * broadcasts. Paths, request schemas with their Vietnamese messages and answer shapes; the
 * console's forms and the server validate with the same schemas.
 */

export const ADMIN_CONTENT_API = {
  // A kind, or the route's `:kind` parameter where the server registers the path.
  inbox: (kind: TInboxKind | RouteParam) => `/api/admin/inbox/${kind}`,
  inboxItem: (kind: TInboxKind | RouteParam, id: number | string) => `/api/admin/inbox/${kind}/${id}`,
  inboxReply: (kind: TInboxKind | RouteParam, id: number | string) => `/api/admin/inbox/${kind}/${id}/reply`,
  broadcasts: '/api/admin/broadcasts',
  broadcast: (id: number | string) => `/api/admin/broadcasts/${id}`,
  broadcastPreviewCount: '/api/admin/broadcasts/preview-count',
  staffOptions: '/api/admin/staff-options',
} as const;

export const CONTENT_MESSAGES = {
  titleRequired: 'Vui lòng nhập tiêu đề',
  titleTooLong: 'Tiêu đề không quá 200 ký tự',
  contentRequired: 'Vui lòng nhập nội dung',
  contentTooLong: 'Nội dung quá dài (tối đa 100.000 ký tự)',
  messageNotFound: 'Không tìm thấy tin nhắn',
  replyRequired: 'Vui lòng nhập nội dung trả lời',
  replyTooLong: 'Nội dung trả lời không quá 5000 ký tự',
  replySent: 'Đã gửi trả lời',
  replyNotSent: 'Chưa gửi được e-mail trả lời; nội dung đã được lưu. Vui lòng thử lại sau.',
  inboxSaved: 'Đã cập nhật',
  assigneeNotStaff: 'Người được giao phải là cán bộ đang hoạt động',
  linkInvalid: 'Liên kết phải là một trang của cổng (bắt đầu bằng /) hoặc địa chỉ http(s)',
  audienceRequired: 'Vui lòng chọn người nhận',
  bloodGroupRequired: 'Vui lòng chọn nhóm máu',
  provinceRequired: 'Vui lòng chọn tỉnh/thành phố',
  dateRequired: 'Vui lòng chọn ngày',
  campaignRequired: 'Vui lòng chọn chiến dịch',
  campaignNotFound: 'Không tìm thấy chiến dịch',
  typeRequired: 'Vui lòng chọn loại thông báo',
  keyInvalid: 'Mã yêu cầu không hợp lệ',
  broadcastNotFound: 'Không tìm thấy thông báo',
  broadcastQueued: 'Đã bắt đầu gửi thông báo',
  broadcastNoRecipients: 'Không có người nhận nào phù hợp',
} as const;
const M = CONTENT_MESSAGES;

// --- Inboxes ----------------------------------------------------------------------------------

export const INBOX_KINDS = ['contact', 'feedback'] as const;
export type TInboxKind = (typeof INBOX_KINDS)[number];
export const INBOX_KIND_LABELS: Record<TInboxKind, string> = {
  contact: 'Tin nhắn liên hệ',
  feedback: 'Góp ý sau hiến máu',
};
export const INBOX_STATUSES = ['NEW', 'HANDLED'] as const;
export type TInboxStatus = (typeof INBOX_STATUSES)[number];
export const INBOX_STATUS_LABELS: Record<TInboxStatus, string> = { NEW: 'Mới', HANDLED: 'Đã xử lý' };

export const ZInboxParams = z.object({ kind: z.enum(INBOX_KINDS) });
export const ZInboxItemParams = z.object({
  kind: z.enum(INBOX_KINDS),
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
export const ZInboxListQuery = z.object({ status: z.enum(INBOX_STATUSES).optional().default('NEW') });

export const ZInboxUpdateRequest = z.object({
  status: z.enum(INBOX_STATUSES).optional(),
  /** A staff member's id; null = nobody. */
  assignedTo: ZId.nullable().optional(),
});
export type TInboxUpdateRequest = z.infer<typeof ZInboxUpdateRequest>;

export const REPLY_MAX = 5000;
export const ZInboxReplyRequest = z.object({
  message: multiLineText({ error: M.replyRequired }, { trim: true })
    .min(1, M.replyRequired)
    .max(REPLY_MAX, M.replyTooLong),
});
export type TInboxReplyRequest = z.infer<typeof ZInboxReplyRequest>;

export const ZInboxReply = z.object({
  id: z.number().int(),
  staffName: z.string(),
  body: z.string(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export const ZInboxItem = z.object({
  id: z.number().int(),
  kind: z.enum(INBOX_KINDS),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  /** Feedback: the campaign it is about. */
  campaignName: z.string().nullable(),
  status: z.enum(INBOX_STATUSES),
  assignedTo: z.number().int().nullable(),
  assignedName: z.string().nullable(),
  createdAt: z.string(),
  replies: z.array(ZInboxReply),
});
export type TInboxItem = z.infer<typeof ZInboxItem>;
export const ZInboxItemResponse = ZEnvelope(ZInboxItem);
export const ZInboxListResponse = ZEnvelope(
  z.object({
    items: z.array(ZInboxItem),
    counts: z.object({ NEW: z.number().int(), HANDLED: z.number().int() }),
  }),
);
export const ZStaffOption = z.object({ id: z.number().int(), username: z.string() });
export const ZStaffOptionsResponse = ZEnvelope(z.array(ZStaffOption));
export type TStaffOption = z.infer<typeof ZStaffOption>;

// --- Broadcasts -------------------------------------------------------------------------------

export const BROADCAST_AUDIENCES = ['ALL', 'BLOOD_GROUP', 'PROVINCE', 'ELIGIBLE_FROM', 'CAMPAIGN'] as const;
export type TBroadcastAudienceKind = (typeof BROADCAST_AUDIENCES)[number];
export const BROADCAST_AUDIENCE_LABELS: Record<TBroadcastAudienceKind, string> = {
  ALL: 'Tất cả người hiến máu',
  BLOOD_GROUP: 'Theo nhóm máu',
  PROVINCE: 'Theo tỉnh/thành phố',
  ELIGIBLE_FROM: 'Đủ điều kiện hiến lại từ ngày',
  CAMPAIGN: 'Người đăng ký một chiến dịch',
};

export const ZBroadcastAudience = z
  .object({
    kind: z.enum(BROADCAST_AUDIENCES, { error: M.audienceRequired }),
    bloodGroup: z.enum(BLOOD_GROUPS, { error: M.bloodGroupRequired }).optional(),
    provinceCode: singleLineText().max(20).optional(),
    /** yyyy-mm-dd (Vietnam): donors who may give again on that day. */
    date: zDay({ message: M.dateRequired }).optional(),
    campaignId: ZId.optional(),
  })
  .superRefine((v, ctx) => {
    const need = (ok: boolean, path: string, message: string) => {
      if (!ok) ctx.addIssue({ code: 'custom', path: [path], message });
    };
    if (v.kind === 'BLOOD_GROUP') need(v.bloodGroup !== undefined, 'bloodGroup', M.bloodGroupRequired);
    if (v.kind === 'PROVINCE') need(Boolean(v.provinceCode), 'provinceCode', M.provinceRequired);
    if (v.kind === 'ELIGIBLE_FROM') need(v.date !== undefined, 'date', M.dateRequired);
    if (v.kind === 'CAMPAIGN') need(v.campaignId !== undefined, 'campaignId', M.campaignRequired);
  });
export type TBroadcastAudience = z.infer<typeof ZBroadcastAudience>;

export const BROADCAST_TYPES = [
  NOTIFICATION_TYPE.REMINDER,
  NOTIFICATION_TYPE.EVENT,
  NOTIFICATION_TYPE.NEWS,
] as const;

/** A page of the portal ('/tin-tuc/5') or an absolute http(s) address. */
export const isBroadcastLink = (s: string) =>
  /^\/(?![/\\])\S*$/.test(s) || /^https?:\/\/[^\s/]+\S*$/i.test(s);

export const ZBroadcastRequest = z.object({
  /** Chosen by the browser once per form: a double click or a retry sends once. */
  idempotencyKey: z.string().regex(/^[A-Za-z0-9-]{16,64}$/, M.keyInvalid),
  type: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: M.typeRequired }),
  title: singleLineText({ error: M.titleRequired }, { trim: true })
    .min(1, M.titleRequired)
    .max(200, M.titleTooLong),
  /** HTML: sanitised by the server. */
  content: z
    .string({ error: M.contentRequired })
    .trim()
    .min(1, M.contentRequired)
    .max(20_000, M.contentTooLong),
  link: singleLineText(undefined, { trim: true })
    .max(2000, M.linkInvalid)
    .refine((s) => s === '' || isBroadcastLink(s), M.linkInvalid)
    .optional(),
  sendEmail: z.boolean().optional().default(false),
  audience: ZBroadcastAudience,
});
export type TBroadcastRequest = z.input<typeof ZBroadcastRequest>;

export const ZBroadcastCountResponse = ZEnvelope(z.object({ count: z.number().int() }));

export const BROADCAST_STATUS_LABELS = {
  QUEUED: 'Đang chờ gửi',
  SENDING: 'Đang gửi',
  DONE: 'Đã gửi xong',
} as const;
export const ZBroadcast = z.object({
  id: z.number().int(),
  type: z.number().int(),
  title: z.string(),
  content: z.string(),
  link: z.string().nullable(),
  sendEmail: z.boolean(),
  audience: z.object({
    kind: z.enum(BROADCAST_AUDIENCES),
    bloodGroup: z.string().optional(),
    provinceCode: z.string().optional(),
    date: z.string().optional(),
    campaignId: z.number().int().optional(),
  }),
  status: z.enum(['QUEUED', 'SENDING', 'DONE']),
  total: z.number().int(),
  sent: z.number().int(),
  emailed: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TBroadcast = z.infer<typeof ZBroadcast>;
export const ZBroadcastResponse = ZEnvelope(ZBroadcast);
export const ZBroadcastListResponse = ZEnvelope(z.array(ZBroadcast));
