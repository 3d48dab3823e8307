import { z } from 'zod';
import type { RouteParam } from './api-paths.ts';
import { zBirthDate, zVnDate } from './dates.ts';
import { CARD_NO_EXPIRY } from './idcard.ts';
import { ZEnvelope } from './envelope.ts';
import { singleLineText } from './text-field.ts';

/*
 * Identity review in the staff console: the queue of ID cards the server did not trust or another
 * account disputes, approving a card with its fields corrected, rejecting it, and revoking the
 * other account's verification. Paths, request schemas with their Vietnamese messages and answer
 * shapes, used by the console and the server alike.
 */

export const ADMIN_IDENTITY_API = {
  reviews: '/api/admin/identity/reviews',
  review: (extractId: string) => `/api/admin/identity/reviews/${extractId}`,
  // A side, or the route's `:side` parameter where the server registers the path.
  reviewImage: (extractId: string, side: 'front' | 'back' | RouteParam) =>
    `/api/admin/identity/reviews/${extractId}/images/${side}`,
  approve: (extractId: string) => `/api/admin/identity/reviews/${extractId}/approve`,
  reject: (extractId: string) => `/api/admin/identity/reviews/${extractId}/reject`,
  revokeOther: (extractId: string) => `/api/admin/identity/reviews/${extractId}/revoke-other`,
} as const;

export const IDENTITY_REVIEW_MESSAGES = {
  reviewNotFound: 'Không tìm thấy hồ sơ chờ duyệt',
  alreadyReviewed: 'Hồ sơ này đã được duyệt',
  imageGone: 'Ảnh đã được xóa theo chính sách lưu trữ',
  approved: 'Đã duyệt, hồ sơ đã được xác thực',
  rejected: 'Đã từ chối, người hiến máu đã được thông báo',
  revoked: 'Đã thu hồi xác thực của tài khoản kia, hai người hiến máu đã được thông báo',
  /** 409 of an approval: the number is verified by another account (shown masked beside it). */
  cardIdTaken: 'Số căn cước này đã được dùng để xác thực một tài khoản khác',
  noConflict: 'Không có tài khoản nào khác đang giữ số căn cước này',
  reasonRequired: 'Vui lòng nhập lý do',
  reasonTooLong: 'Lý do không quá 500 ký tự',
  cardIdInvalid: 'Số căn cước phải gồm đúng 12 chữ số',
  nameRequired: 'Vui lòng nhập họ và tên',
  nameTooLong: 'Họ và tên không quá 100 ký tự',
  dateInvalid: 'Ngày phải có dạng dd/mm/yyyy',
  fieldTooLong: 'Không quá 300 ký tự',
  sexInvalid: 'Giới tính phải là Nam hoặc Nữ',
} as const;
const M = IDENTITY_REVIEW_MESSAGES;

/** Reasons staff pick when rejecting a card (or they write their own). */
export const IDENTITY_REJECT_REASONS = [
  'Ảnh mờ hoặc bị lóa, không đọc được thông tin',
  'Ảnh không phải căn cước gắn chip',
  'Thông tin hai mặt căn cước không khớp nhau',
  'Căn cước đã hết hạn',
  'Ảnh chụp lại từ màn hình hoặc bản sao, không phải thẻ gốc',
] as const;

/** The same decisions as the console lists them (SUPERSEDED: the donor confirmed a newer card first). */
export const REVIEW_OUTCOME_STAFF_LABELS: Record<string, string> = {
  APPROVED: 'Đã duyệt',
  REJECTED: 'Đã từ chối',
  REVOKED: 'Đã thu hồi',
  SUPERSEDED: 'Thay bằng lần gửi sau',
};
export const reviewOutcomeStaffLabel = (o: string | null) => (o ? (REVIEW_OUTCOME_STAFF_LABELS[o] ?? o) : '');

/** Names of the extracted fields, as the review page labels them. */
export const IDENTITY_FIELD_LABELS = {
  card_id: 'Số căn cước',
  name: 'Họ và tên',
  dob: 'Ngày sinh',
  sex: 'Giới tính',
  nationality: 'Quốc tịch',
  home: 'Quê quán',
  address: 'Nơi thường trú',
  doe: 'Có giá trị đến',
  issue_loc: 'Nơi cấp',
  issue_date: 'Ngày cấp',
} as const;
export type TIdentityField = keyof typeof IDENTITY_FIELD_LABELS;
export const IDENTITY_FIELDS = Object.keys(IDENTITY_FIELD_LABELS) as TIdentityField[];

const optionalText = () =>
  singleLineText({ error: M.fieldTooLong }, { trim: true }).max(300, M.fieldTooLong).nullable().optional();

/** The fields staff approve, corrected where the reading was wrong. */
export const ZIdentityApproveRequest = z.object({
  card_id: z
    .string({ error: M.cardIdInvalid })
    .trim()
    .regex(/^\d{12}$/, M.cardIdInvalid),
  name: singleLineText({ error: M.nameRequired }, { trim: true })
    .min(1, M.nameRequired)
    .max(100, M.nameTooLong),
  dob: zBirthDate({ message: M.dateInvalid }),
  sex: z.enum(['Nam', 'Nữ'], { error: M.sexInvalid }),
  nationality: optionalText(),
  home: optionalText(),
  address: optionalText(),
  doe: zVnDate({ message: M.dateInvalid, accept: [CARD_NO_EXPIRY], allowEmpty: true })
    .nullable()
    .optional(),
  issue_loc: optionalText(),
  issue_date: zVnDate({ message: M.dateInvalid, allowEmpty: true }).nullable().optional(),
});
export type TIdentityApproveRequest = z.input<typeof ZIdentityApproveRequest>;

export const ZReasonRequest = z.object({
  reason: singleLineText({ error: M.reasonRequired }, { trim: true })
    .min(1, M.reasonRequired)
    .max(500, M.reasonTooLong),
});
export type TReasonRequest = z.infer<typeof ZReasonRequest>;

export const ZExtractIdParams = z.object({ extractId: z.string().uuid() });
export const ZExtractImageParams = ZExtractIdParams.extend({ side: z.enum(['front', 'back']) });

/** Another account holding the ID number, as staff see it (masked). */
export const ZIdentityHolder = z.object({
  userId: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  fullName: z.string().nullable(),
  verifiedAt: z.string().nullable(),
});
export type TIdentityHolder = z.infer<typeof ZIdentityHolder>;

/** One entry of the queue. */
export const ZIdentityReviewItem = z.object({
  extractId: z.string(),
  userId: z.number().int(),
  username: z.string(),
  fullName: z.string().nullable(),
  cardId: z.string().nullable(),
  waitingSince: z.string(),
  /** PENDING: the reading was not trusted; DISPUTE: another account verified the number first. */
  kind: z.enum(['PENDING', 'DISPUTE']),
  /** Fields whose two sides disagreed. */
  disagreements: z.array(z.string()),
  /** Fields read with too little confidence (or not at all). */
  unsure: z.array(z.string()),
});
export type TIdentityReviewItem = z.infer<typeof ZIdentityReviewItem>;
export const ZIdentityReviewListResponse = ZEnvelope(z.array(ZIdentityReviewItem));

export const ZIdentityReviewField = z.object({
  field: z.string(),
  value: z.string().nullable(),
  confidence: z.number().nullable(),
  /** The other side's value when the sides disagreed. */
  other: z.string().nullable(),
});

export const ZIdentityReview = ZIdentityReviewItem.extend({
  fields: z.array(ZIdentityReviewField),
  account: z.object({ email: z.string(), mobile: z.string().nullable() }),
  scoreFront: z.number().nullable(),
  scoreBack: z.number().nullable(),
  images: z.object({ front: z.boolean(), back: z.boolean() }),
  /** The account that verified the same ID number, masked. */
  holder: ZIdentityHolder.nullable(),
  reviewed: z.object({ outcome: z.string(), reason: z.string().nullable(), at: z.string() }).nullable(),
});
export type TIdentityReview = z.infer<typeof ZIdentityReview>;
export const ZIdentityReviewResponse = ZEnvelope(ZIdentityReview);
export const ZIdentityReviewDoneResponse = ZEnvelope(z.object({ extractId: z.string(), status: z.string() }));
