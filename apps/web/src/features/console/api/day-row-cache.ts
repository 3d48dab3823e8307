import type { TAdminAppointment, TAdminAppointmentStatusFilter } from '@giot-hong/contract';
import type { QueryClient } from '@tanstack/react-query';
import { adminKeys } from './admin-keys';

/**
 * After a check-in, a venue check or an outcome the server answers with the one row the day's
 * list shows. That row is written into the campaign's cached lists in place (a list filtered by
 * another status loses it) and marked stale; the rest of the console is asked again as before (the
 * counters, the waiting work). The lists themselves are not downloaded again: on a day of 1,000
 * bookings that was 1,000 rows to fetch, parse and lay out on a phone after every donor (the row
 * showed its new state only then); their 10-second refresh still brings what other desks did.
 */
export async function applyDayRow(queryClient: QueryClient, row: TAdminAppointment) {
  const listKey = adminKeys.campaignAppointments(row.campaignId);
  // A refresh under way was asked before the change: its answer would put the old row back.
  await queryClient.cancelQueries({ queryKey: listKey });
  const lists = queryClient.getQueriesData<TAdminAppointment[]>({ queryKey: listKey });
  for (const [key, list] of lists) {
    if (!list) continue;
    const status = key[3] as TAdminAppointmentStatusFilter;
    const keep = status === 'ALL' || status === row.status;
    queryClient.setQueryData<TAdminAppointment[]>(key, (old) =>
      old?.flatMap((r) => (r.id !== row.id ? [r] : keep ? [row] : [])),
    );
  }
  const isList = (key: readonly unknown[]) => listKey.every((k, i) => key[i] === k);
  void queryClient.invalidateQueries({ queryKey: listKey, refetchType: 'none' });
  void queryClient.invalidateQueries({ queryKey: adminKeys.all, predicate: (q) => !isList(q.queryKey) });
}

/** A refused change (another desk was first, a wrong day…): everything is asked again, as before. */
export const refreshConsole = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: adminKeys.all });
