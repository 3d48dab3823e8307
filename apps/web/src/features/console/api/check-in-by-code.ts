import {
  ADMIN_DAY_DESK_API,
  type TAdminCheckInRequest,
  type TAdminCheckInResult,
  type TEnvelope,
} from '@giot-hong/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { applyDayRow, refreshConsole } from './day-row-cache';

/**
 * POST /api/admin/check-in {code, campaignId}: the donor's QR code, scanned or typed; another
 * campaign's code is refused; a code checked in before answers with that time (`alreadyCheckedIn`).
 */
export const checkInByCode = async (body: TAdminCheckInRequest) =>
  (await api.post<TEnvelope<TAdminCheckInResult>>(ADMIN_DAY_DESK_API.checkIn, body)).data;

/** The answer is the donor's row: written into the day's lists (day-row-cache.ts); a refusal refreshes them. */
export function useCheckInByCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkInByCode,
    onSuccess: ({ alreadyCheckedIn: _, ...row }) => applyDayRow(queryClient, row),
    onError: () => refreshConsole(queryClient),
  });
}
