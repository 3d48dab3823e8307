import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';

/** The server's Vietnamese message of a failed call, if it gave one. */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiError ? error.message : undefined;
}

/**
 * Puts the server's per-field messages (duplicate username, wrong old password …) under the
 * fields of the form that has them. Returns whether any was placed.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  let placed = false;
  for (const e of error.body?.errors ?? []) {
    const field = fields.find((f) => f === e.field);
    if (field) {
      setError(field, { type: 'server', message: e.message });
      placed = true;
    }
  }
  return placed;
}
