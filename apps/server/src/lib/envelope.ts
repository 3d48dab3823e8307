import { ERROR_MESSAGES, ErrorCode, type TErrorBody } from '@giot-hong/contract';

/** Wraps a successful result in the API envelope. */
export function ok<T>(data: T, message = 'Thành công') {
  return { success: true as const, message, data };
}

export function page<T>(items: T[], currentPage: number, pageSize: number, totalItems: number) {
  return {
    data: items,
    currentPage,
    pageSize,
    totalItems,
    totalPages: Math.ceil(totalItems / pageSize),
  };
}

/**
 * The 404 envelope. Built outside the error handler too: the SPA's unknown pages, a path
 * parameter that cannot exist and the development outbox answer a missing thing alike.
 */
export function notFoundBody(requestId: string): TErrorBody {
  return {
    success: false,
    message: ERROR_MESSAGES.NOT_FOUND,
    data: null,
    code: ErrorCode.NOT_FOUND,
    requestId,
  };
}
