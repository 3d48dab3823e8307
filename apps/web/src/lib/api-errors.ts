import { ERROR_MESSAGES } from '@giot-hong/contract';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from 'sonner';
import { ApiError } from './api-client';

/**
 * The one way to turn a failed request into words for a person: the server's Vietnamese message
 * when it sent one, else `fallback` (by default the catalogue's generic message). A network
 * failure is an ApiError too (the client words it), so nothing reaches the screen in English.
 */
export function errorMessage(error: unknown, fallback: string = ERROR_MESSAGES.INTERNAL): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

/** The HTTP status of a failed request (404, 409 …), or undefined when there was no answer. */
export const errorStatus = (error: unknown): number | undefined =>
  error instanceof ApiError ? error.status : undefined;

/**
 * A refused form request: the server's per-field messages go under their fields (`rename` maps a
 * request field to the form input that feeds it); whatever it said beyond those, or a network
 * failure, is shown as a toast titled `title`, so nothing is lost silently.
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
  if (!placed) toast.error(title, { description: errorMessage(error) });
}
