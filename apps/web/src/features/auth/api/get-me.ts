import { CACHE, API, type TEnvelope, type TMe } from '@giot-hong/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /auth/me: the logged-in account and its role. `token` when the tokens are not stored yet. */
export async function getMe(opts: { token?: string; signal?: AbortSignal } = {}): Promise<TMe> {
  const body = await api.get<TEnvelope<TMe>>(API.authMe, opts);
  return body.data;
}

/** Staff roles open the console; the server checks the role on every staff call anyway. */
export const isStaffRole = (role: string) => role !== 'DONOR';

export const meQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'me'] as const,
    queryFn: ({ signal }) => getMe({ signal }),
    // A role can change (an administrator's decision): asked again on every visit of the console
    // (the role check mounts), but once per page load: the guard, the frame and the navigation
    // read the answer the start of the page asked for a moment before.
    staleTime: CACHE.justFetchedMs,
    refetchOnMount: true,
  });

export const useMe = (enabled = true) => useQuery({ ...meQueryOptions(), enabled });
