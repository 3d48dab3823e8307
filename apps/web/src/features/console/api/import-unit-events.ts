import { ADMIN_UNITS_API, type TEnvelope, type TUnitEventBatchResult } from '@giot-hong/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/**
 * POST /api/admin/units/import (multipart `file`): the blood centre's CSV of unit events. The
 * answer reports each line (accepted, duplicate or refused with its reason); a refused line never
 * stops the others.
 */
export function importUnitEvents(file: File, onProgress?: (fraction: number) => void) {
  const form = new FormData();
  form.append('file', file);
  return api.upload<TEnvelope<TUnitEventBatchResult>>(ADMIN_UNITS_API.import, form, { onProgress });
}

export function useImportUnitEvents(onProgress?: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => importUnitEvents(file, onProgress),
    // Events change donors' records and may open tasks (a lab group that disagrees).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
