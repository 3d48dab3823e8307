import { ERROR_MESSAGES, ErrorCode, type TErrorCode } from '@giot-hong/contract';

const STATUS: Record<TErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  EMAIL_NOT_VERIFIED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  CONSENT_REQUIRED: 403,
  RATE_LIMITED: 429,
  PAYLOAD_TOO_LARGE: 413,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  ID_CARD_BUSY: 503,
};

/** An error whose message is safe to show to the user (Vietnamese). Services throw these. */
export class HttpError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: TErrorCode,
    message: string = ERROR_MESSAGES[code],
    readonly extra: { retryAfterSeconds?: number; status?: number; details?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.statusCode = extra.status ?? STATUS[code];
  }
}

export const notFound = (message?: string) => new HttpError(ErrorCode.NOT_FOUND, message);
export const badRequest = (message: string) => new HttpError(ErrorCode.VALIDATION, message);
export const conflict = (message: string) => new HttpError(ErrorCode.CONFLICT, message);
export const unauthorized = (message?: string) => new HttpError(ErrorCode.UNAUTHORIZED, message);
