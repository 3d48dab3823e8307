import { z } from 'zod';
import type { RouteParam } from './api-paths.ts';
import { ZEnvelope } from './envelope.ts';
import { ZId } from './ids.ts';
import { multiLineText } from './text-field.ts';

/*
 * The console's two inboxes: contact messages and appointment feedback, their status, the staff
 * member each is assigned to and the replies sent by e-mail. Paths, request schemas with their
 * Vietnamese messages and answer shapes.
 */

export const ADMIN_INBOX_API = {
  // A kind, or the route's `:kind` parameter where the server registers the path.
  inbox: (kind: TInboxKind | RouteParam) => `/api/admin/inbox/${kind}`,
  inboxItem: (kind: TInboxKind | RouteParam, id: number | string) => `/api/admin/inbox/${kind}/${id}`,
  inboxReply: (kind: TInboxKind | RouteParam, id: number | string) => `/api/admin/inbox/${kind}/${id}/reply`,
  staffOptions: '/api/admin/staff-options',
} as const;

export const INBOX_MESSAGES = {
  messageNotFound: 'Không tìm thấy tin nhắn',
  replyRequired: 'Vui lòng nhập nội dung trả lời',
  replyTooLong: 'Nội dung trả lời không quá 5000 ký tự',
  replySent: 'Đã gửi trả lời',
  replyNotSent: 'Chưa gửi được e-mail trả lời; nội dung đã được lưu. Vui lòng thử lại sau.',
  inboxSaved: 'Đã cập nhật',
  assigneeNotStaff: 'Người được giao phải là cán bộ đang hoạt động',
} as const;
const M = INBOX_MESSAGES;

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
