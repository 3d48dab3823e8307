import { ADMIN_INBOX_API, type TEnvelope, type TStaffOption } from '@giot-hong/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /api/admin/staff-options: the staff a message can be assigned to (any staff role may ask). */
export const getStaffOptions = async (signal?: AbortSignal) =>
  (await api.get<TEnvelope<TStaffOption[]>>(ADMIN_INBOX_API.staffOptions, { signal })).data;

export const useStaffOptions = () =>
  useQuery({
    queryKey: adminKeys.staffOptions(),
    queryFn: ({ signal }) => getStaffOptions(signal),
  });
