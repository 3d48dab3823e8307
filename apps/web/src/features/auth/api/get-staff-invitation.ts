import { API, type TEnvelope, type TStaffInvitation } from '@giot-hong/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /auth/staff-invitation {token}: who the invitation link invites (a POST: the token stays out of URLs). */
export const getStaffInvitation = (token: string) =>
  api.post<TEnvelope<TStaffInvitation>>(API.authStaffInvitation, { token }, { auth: false });

export const useStaffInvitation = (token: string | null) =>
  useQuery({
    queryKey: ['staff-invitation', token],
    queryFn: () => getStaffInvitation(token!).then((r) => r.data),
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
  });
