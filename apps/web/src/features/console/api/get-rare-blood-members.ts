import {
  ADMIN_RARE_BLOOD_API,
  type TAdminRareBloodQuery,
  type TEnvelope,
  type TRareBloodMembers,
} from '@giot-hong/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { rareBloodKeys } from './admin-keys';

/** GET /api/admin/rare-blood?group&province&ward: an audited list (a row per member shown). */
export const getRareBloodMembers = async (q: TAdminRareBloodQuery, signal?: AbortSignal) =>
  (
    await api.get<TEnvelope<TRareBloodMembers>>(ADMIN_RARE_BLOOD_API.members, {
      query: { group: q.group, province: q.province || undefined, ward: q.ward || undefined },
      signal,
    })
  ).data;

/** Asks only once a group is chosen (`q` null before): no listing without a group. */
export const useRareBloodMembers = (q: TAdminRareBloodQuery | null) =>
  useQuery({
    queryKey: rareBloodKeys.list(q ?? { group: 'O-' }),
    queryFn: ({ signal }) => getRareBloodMembers(q!, signal),
    enabled: q !== null,
    // Each read is a row in the members' access logs: no refetch on focus or reconnect.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
