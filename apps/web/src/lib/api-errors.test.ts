import { ERROR_MESSAGES } from '@giot-hong/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import {
  busyMessage,
  errorCode,
  errorMessage,
  errorStatus,
  fieldErrors,
  isNotFound,
  isRefusal,
  requestMessage,
  retryOnceUnlessNotFound,
  serverMessage,
} from './api-errors';

const refused = new ApiError('Mã không đúng', 409, 'CONFLICT', {
  message: 'Mã không đúng',
  errors: [{ field: 'code', message: 'Sai mã' }],
});
const offline = new ApiError(ERROR_MESSAGES.UNAVAILABLE, 0, 'NETWORK', undefined);
const notFound = new ApiError('Không tìm thấy', 404, 'NOT_FOUND', { message: 'Không tìm thấy' });

describe('api-errors', () => {
  it('words a refusal with the server message, anything else with the fallback', () => {
    expect(errorMessage(refused, 'x')).toBe('Mã không đúng');
    expect(errorMessage(offline, 'x')).toBe(ERROR_MESSAGES.UNAVAILABLE);
    expect(errorMessage(new Error('boom'), 'x')).toBe('x');
    expect(errorMessage(new Error('boom'))).toBe(ERROR_MESSAGES.INTERNAL);
  });

  it('tells the request words from the server words', () => {
    expect(requestMessage(offline)).toBe(ERROR_MESSAGES.UNAVAILABLE);
    expect(requestMessage(new Error('boom'))).toBeUndefined();
    expect(serverMessage(offline)).toBeUndefined();
    expect(serverMessage(refused)).toBe('Mã không đúng');
  });

  it('reads status, code and field messages', () => {
    expect(errorStatus(refused)).toBe(409);
    expect(errorStatus(offline)).toBe(0);
    expect(errorStatus('nope')).toBeUndefined();
    expect(errorCode(offline)).toBe('NETWORK');
    expect(fieldErrors(refused)).toEqual([{ field: 'code', message: 'Sai mã' }]);
    expect(fieldErrors(offline)).toEqual([]);
  });

  it('keeps the words of a busy ID-card reader, and of no other 5xx', () => {
    const message = ERROR_MESSAGES.ID_CARD_BUSY;
    const busy = new ApiError(message, 503, 'ID_CARD_BUSY', { message, code: 'ID_CARD_BUSY' });
    const down = new ApiError(ERROR_MESSAGES.UNAVAILABLE, 503, 'UNAVAILABLE', {
      message: ERROR_MESSAGES.UNAVAILABLE,
    });
    expect(busyMessage(busy)).toBe('Hệ thống đang bận đọc giấy tờ, vui lòng thử lại sau ít phút.');
    expect(busyMessage(down)).toBeUndefined();
    expect(busyMessage(offline)).toBeUndefined();
    expect(isRefusal(busy)).toBe(false);
  });

  it('classifies refusals and missing records', () => {
    expect(isRefusal(refused)).toBe(true);
    expect(isRefusal(offline)).toBe(false);
    expect(isNotFound(notFound)).toBe(true);
    expect(retryOnceUnlessNotFound(0, notFound)).toBe(false);
    expect(retryOnceUnlessNotFound(0, offline)).toBe(true);
    expect(retryOnceUnlessNotFound(1, offline)).toBe(false);
  });
});
