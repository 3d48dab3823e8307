import { ERROR_MESSAGES } from '@giot-hong/contract';
import { ApiError } from './api-client';

/**
 * The one way to turn a failed request into words for a person: the server's Vietnamese message
 * when it sent one, else `fallback` (by default the catalogue's generic message). A network
 * failure is an ApiError too (the client words it), so nothing reaches the screen in English.
 */
export function errorMessage(error: unknown, fallback: string = ERROR_MESSAGES.INTERNAL): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
