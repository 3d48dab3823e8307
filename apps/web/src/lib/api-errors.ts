import { ERROR_MESSAGES, ErrorCode } from '@giot-hong/contract';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from 'sonner';
import { ApiError } from './api-client';

/*
 * The one place that looks inside a failed request. Components ask these helpers for words, a
 * status or a code; none of them tests `instanceof ApiError` itself, so the day the client's
 * error changes shape, only this file changes.
 *
 * Three kinds of message, because callers need different ones:
 * - `errorMessage`: always words for a person (the server's, the client's wording of a network
 *   failure, or a fallback);
 * - `requestMessage`: the request's words or undefined (an optional toast description);
 * - `serverMessage`: only what the server itself said (undefined for a network failure, where
 *   the caller has a better text of its own).
 */

/**
 * The one way to turn a failed request into words for a person: the server's Vietnamese message
 * when it sent one, else `fallback` (by default the generic message). A network
 * failure is an ApiError too (the client words it), so nothing reaches the screen in English.
 */
export function errorMessage(error: unknown, fallback: string = ERROR_MESSAGES.INTERNAL): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

/** The words of a failed request (server or network), or undefined for anything else. */
export function requestMessage(error: unknown): string | undefined {
  return error instanceof ApiError && error.message ? error.message : undefined;
}

/** Only the message the server put in its answer: undefined when no answer came at all. */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiError && error.body?.message ? error.body.message : undefined;
}

/** The HTTP status of a failed request (404, 409 …), 0 for no answer, undefined for other errors. */
export const errorStatus = (error: unknown): number | undefined =>
  error instanceof ApiError ? error.status : undefined;

/** The contract's error code of a failed request (`ErrorCode.UNAUTHORIZED` …), 'NETWORK' for no answer. */
export const errorCode = (error: unknown): string | undefined =>
  error instanceof ApiError ? error.code : undefined;

/**
 * The server's words when it was too busy and asked to be sent the same request later (503
 * `ID_CARD_BUSY`: every ID-card reader busy, nothing was stored). Unlike other 5xx, that message
 * tells the person what to do; undefined for any other error.
 */
export const busyMessage = (error: unknown): string | undefined =>
  errorCode(error) === ErrorCode.ID_CARD_BUSY ? serverMessage(error) : undefined;

/** The server answered 404: the page shows its "not found" view rather than an error. */
export const isNotFound = (error: unknown): boolean => errorStatus(error) === 404;

/**
 * The server refused the request (4xx): its message says why, and the person can act on it.
 * A 5xx or no answer at all is not a refusal: callers show their own "try again" text.
 */
export const isRefusal = (error: unknown): boolean => {
  const status = errorStatus(error);
  return status !== undefined && status >= 400 && status < 500;
};

/**
 * `retry` of a query for one record: a missing record (404) is not asked again, anything else
 * once (a passing network hiccup should not show an error page).
 */
export const retryOnceUnlessNotFound = (failureCount: number, error: unknown): boolean =>
  !isNotFound(error) && failureCount < 1;

/** The server's per-field messages (`{ field, message }`), empty when it sent none. */
export function fieldErrors(error: unknown): { field: string; message: string }[] {
  return error instanceof ApiError ? (error.body?.errors ?? []) : [];
}

/**
 * Puts the server's per-field messages (duplicate username, wrong old password …) under the
 * fields of the form that has them; `rename` maps a request field to the form input that feeds
 * it. Returns whether any was placed, so the caller can say the rest in a toast.
 */
export function placeFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  rename: Record<string, Path<T>> = {},
): boolean {
  let placed = false;
  for (const e of fieldErrors(error)) {
    const field = rename[e.field] ?? fields.find((f) => f === e.field);
    if (field) {
      setError(field, { type: 'server', message: e.message });
      placed = true;
    }
  }
  return placed;
}

/**
 * A refused form request: the server's per-field messages go under their fields; whatever it
 * said beyond those, or a network failure, is shown as a toast titled `title`, so nothing is lost
 * silently.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  rename: Record<string, Path<T>> = {},
  title = 'Không thể lưu',
): void {
  if (!placeFieldErrors(error, setError, fields, rename))
    toast.error(title, { description: errorMessage(error) });
}
