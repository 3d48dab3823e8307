import type { TAdminAppointment, TAdminAppointmentStatusFilter, TAdminDayPage } from '@giot-hong/contract';
import type { QueryClient } from '@tanstack/react-query';
import { adminKeys } from './admin-keys';

/**
 * After a check-in, a venue check or an outcome the server answers with the one row the day's
 * list shows. That row is written at once into the campaign's cached pages that hold it (a page
 * filtered by another status loses it), so the donor's card shows the change in the next frame,
 * before anything else is asked. Then the page on screen is asked again — one page of 50, with
 * the counts of the whole day (how many the filter matches, check-ins per slot) — and the rest of
 * the console as before (the counters, the waiting work). A donor checked in by code from another
 * page changes no row on screen: the counts follow with the page's refresh.
 */
export async function applyDayRow(queryClient: QueryClient, row: TAdminAppointment) {
  const listKey = adminKeys.campaignAppointments(row.campaignId);
  // A refresh under way was asked before the change: its answer would put the old row back.
  await queryClient.cancelQueries({ queryKey: listKey });
  const pages = queryClient.getQueriesData<TAdminDayPage>({ queryKey: listKey });
  for (const [key, page] of pages) {
    if (!page?.data.some((r) => r.id === row.id)) continue;
    const status = key[3] as TAdminAppointmentStatusFilter;
    const keep = status === 'ALL' || status === row.status;
    queryClient.setQueryData<TAdminDayPage>(key, (old) =>
      old
        ? {
            ...old,
            data: old.data.flatMap((r) => (r.id !== row.id ? [r] : keep ? [row] : [])),
            totalItems: keep ? old.totalItems : old.totalItems - 1,
          }
        : old,
    );
  }
  void queryClient.invalidateQueries({ queryKey: adminKeys.all });
}

/** A refused change (another desk was first, a wrong day…): everything is asked again, as before. */
export const refreshConsole = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: adminKeys.all });
