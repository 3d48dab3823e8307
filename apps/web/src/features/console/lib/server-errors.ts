import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api-client';

/**
 * A refused console request: the server's per-field messages go under their fields (`rename`
 * maps a request field to the form input that feeds it); whatever it said beyond those, or a
 * network failure, is shown as a toast, so nothing is lost silently.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  rename: Record<string, Path<T>> = {},
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
  if (!placed) {
    toast.error('Không thể lưu', {
      description: error instanceof ApiError ? error.message : 'Đã có lỗi xảy ra. Vui lòng thử lại sau.',
    });
  }
}
