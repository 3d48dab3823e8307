import { z } from 'zod';
import { BLOOD_GROUPS } from './constants.ts';
import { zDay } from './dates.ts';
import { ZEnvelope } from './envelope.ts';
import { ZId } from './ids.ts';
import { NEWS_ADMIN_MESSAGES } from './news-admin.ts';
import { NOTIFICATION_TYPE } from './notification-types.ts';
import { singleLineText } from './text-field.ts';

/*
 * Broadcasts: a notification staff send to a chosen audience of donors (all of them, a blood
 * group, a province, those eligible again from a day, a campaign's registrants), in the portal and
 * optionally by e-mail. Paths, request schemas with their Vietnamese messages and answer shapes;
 * the console's form and the server validate with the same schemas.
 */

export const ADMIN_BROADCAST_API = {
  broadcasts: '/api/admin/broadcasts',
  broadcast: (id: number | string) => `/api/admin/broadcasts/${id}`,
  broadcastPreviewCount: '/api/admin/broadcasts/preview-count',
} as const;

export const BROADCAST_MESSAGES = {
  /** A broadcast's title and content are checked in the news editor's words. */
  titleRequired: NEWS_ADMIN_MESSAGES.titleRequired,
  titleTooLong: NEWS_ADMIN_MESSAGES.titleTooLong,
  contentRequired: NEWS_ADMIN_MESSAGES.contentRequired,
  contentTooLong: 'Nội dung quá dài (tối đa 20.000 ký tự)',
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
const M = BROADCAST_MESSAGES;

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

/** A broadcast is a notification, read in the bell's panel: far shorter than an article. */
export const BROADCAST_CONTENT_MAX = 20_000;

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
    .max(BROADCAST_CONTENT_MAX, M.contentTooLong),
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
