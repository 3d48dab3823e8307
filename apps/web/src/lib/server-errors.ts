import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from 'sonner';
import { ApiError } from './api-client';

/** What the person reads when a request failed without a message of the server's own (offline …). */
export const GENERIC_ERROR_TEXT = 'Đã có lỗi xảy ra. Vui lòng thử lại sau.';

/**
 * A failed request in words: the server's Vietnamese message (it always sends one, from the error
 * catalogue), or `fallback` when the request never got an answer.
 */
export function errorText(error: unknown, fallback: string = GENERIC_ERROR_TEXT): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

/** The HTTP status of a failed request (404, 409 …), or undefined when there was no answer. */
export const errorStatus = (error: unknown): number | undefined =>
  error instanceof ApiError ? error.status : undefined;

/**
 * A refused form request: the server's per-field messages go under their fields (`rename` maps a
 * request field to the form input that feeds it); whatever it said beyond those, or a network
 * failure, is shown as a toast, so nothing is lost silently.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  rename: Record<string, Path<T>> = {},
  title = 'Không thể lưu',
): void {
  let placed = false;
  if (error instanceof ApiError) {
    for (const e of error.body?.errors ?? []) {
      const field = rename[e.field] ?? fields.find((f) => f === e.field);
      if (field) {
        setError(field, { type: 'server', message: e.message });
        placed = true;
      }
    }
  }
  if (!placed) toast.error(title, { description: errorText(error) });
}
