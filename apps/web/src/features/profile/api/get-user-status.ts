import { API, DONOR_STATUS, type TEnvelope } from '@giot-hong/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useIsLoggedIn } from '../../../lib/auth-store';

/** The status in the answer's `data` (the server may also read it for the page: app/first-requests-of.ts). */
export const userStatusOf = (data: { status?: string | null } | null): string =>
  data?.status || DONOR_STATUS.NONE;

/** The donor's verification status; NONE when there is no donor profile yet. */
export async function getUserStatus(signal?: AbortSignal): Promise<string> {
  const body = await api.get<TEnvelope<{ status?: string | null } | null>>(API.userStatus, { signal });
  return userStatusOf(body.data);
}

export const userStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['user', 'status'] as const,
    queryFn: ({ signal }) => getUserStatus(signal),
    // Staff may verify a PENDING profile at any time: not the 24 h general cache.
    staleTime: 60_000,
    refetchOnMount: true,
  });

export function useUserStatus(enabled = true) {
  return useQuery({ ...userStatusQueryOptions(), enabled });
}

/**
 * Verification status for the header and bottom bar: the status when logged in
 * ('NONE' without a donor profile), '' when logged out, and '' while not yet known so that the
 * create-profile entry does not flash.
 */
export function useVerificationStatus(): string {
  const loggedIn = useIsLoggedIn();
  const { data } = useUserStatus(loggedIn);
  return loggedIn ? (data ?? '') : '';
}
