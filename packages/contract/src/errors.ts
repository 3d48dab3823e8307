/**
 * Stable error codes. Each error body is `{ success: false, message, data: null, code }`.
 * The message is Vietnamese and safe to show; the code is what a client branches on.
 */
export const ErrorCode = {
  /** The request body, query or params failed the contract schema. Show `message`; `errors` lists fields. */
  VALIDATION: 'VALIDATION',
  /** No valid access token. The web client refreshes once, then logs out. */
  UNAUTHORIZED: 'UNAUTHORIZED',
  /** Logged in but not allowed. */
  FORBIDDEN: 'FORBIDDEN',
  /** Right password, but the sign-up link was never opened. Offer to resend the verification mail. */
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  /** The resource does not exist or is not the caller's (never reveal which). */
  NOT_FOUND: 'NOT_FOUND',
  /** The request conflicts with stored state (duplicate, already done). */
  CONFLICT: 'CONFLICT',
  /**
   * A feature needs a consent the donor has not given in its current version, or withdrew. The body's
   * `consent` says which (`{ purpose, version, withdrawn }`): show that agreement, then retry.
   */
  CONSENT_REQUIRED: 'CONSENT_REQUIRED',
  /** Too many requests; honour `Retry-After`. */
  RATE_LIMITED: 'RATE_LIMITED',
  /** An uploaded file is too large. */
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  /** Anything unexpected; details are in the server log under the request id, never in the body. */
  INTERNAL: 'INTERNAL',
  /** The database or another dependency is down. */
  UNAVAILABLE: 'UNAVAILABLE',
  /**
   * Every ID-card reader is busy and the queue is full (503). Nothing was read or stored: show
   * `message`, keep the chosen photo, and let the person send it again after `Retry-After`.
   */
  ID_CARD_BUSY: 'ID_CARD_BUSY',
} as const;
export type TErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

// NOTE: the schema lives in its own module. The web client imports ERROR_MESSAGES on the landing
// page's first load, and a zod schema built at the top of this file would pull zod in with it.
export { ZErrorBody, type TErrorBody } from './error-body.ts';

/** Default Vietnamese message per code, used when a handler gives none. */
export const ERROR_MESSAGES: Record<TErrorCode, string> = {
  VALIDATION: 'Dữ liệu không hợp lệ',
  UNAUTHORIZED: 'Vui lòng đăng nhập để tiếp tục',
  FORBIDDEN: 'Bạn không có quyền thực hiện thao tác này',
  EMAIL_NOT_VERIFIED:
    'Tài khoản chưa được xác thực. Vui lòng kiểm tra email và nhấn vào liên kết xác thực trước khi đăng nhập.',
  NOT_FOUND: 'Không tìm thấy dữ liệu',
  CONFLICT: 'Dữ liệu đã tồn tại',
  CONSENT_REQUIRED: 'Vui lòng đồng ý với điều khoản trước khi tiếp tục.',
  RATE_LIMITED: 'Bạn thao tác quá nhanh. Vui lòng thử lại sau.',
  PAYLOAD_TOO_LARGE: 'Kích thước file không được vượt quá 5MB',
  INTERNAL: 'Đã có lỗi xảy ra',
  UNAVAILABLE: 'Hệ thống đang bận. Vui lòng thử lại sau.',
  ID_CARD_BUSY: 'Hệ thống đang bận đọc giấy tờ, vui lòng thử lại sau ít phút.',
};

/** A JSON body over the server's body limit (a file over 5 MB has PAYLOAD_TOO_LARGE's own text). */
export const BODY_TOO_LARGE_MESSAGE = 'Dữ liệu gửi lên quá lớn';

/** A path (usually one of its parameters) longer than the server reads: 414. */
export const URI_TOO_LONG_MESSAGE = 'Đường dẫn quá dài';
