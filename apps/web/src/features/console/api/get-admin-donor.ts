import { ADMIN_DONOR_API, type TAdminDonor, type TEnvelope } from '@giot-hong/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /api/admin/donors/{id}: the staff donor record. */
export const getAdminDonor = async (id: number, signal?: AbortSignal) =>
  (await api.get<TEnvelope<TAdminDonor>>(ADMIN_DONOR_API.donor(id), { signal })).data;

/** An audited view: asked once, never refetched on focus. */
export const useAdminDonor = (id: number) =>
  useQuery({
    queryKey: adminKeys.donor(id),
    queryFn: ({ signal }) => getAdminDonor(id, signal),
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
