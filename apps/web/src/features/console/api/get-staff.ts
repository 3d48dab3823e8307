import { ADMIN_STAFF_API, type TAdminStaffMember, type TEnvelope } from '@giot-hong/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /api/admin/staff (ADMIN): every staff account with its state and last login. */
export const getStaff = async (signal?: AbortSignal) =>
  (await api.get<TEnvelope<TAdminStaffMember[]>>(ADMIN_STAFF_API.list, { signal })).data;

export const useStaff = () =>
  useQuery({ queryKey: adminKeys.staff(), queryFn: ({ signal }) => getStaff(signal) });
