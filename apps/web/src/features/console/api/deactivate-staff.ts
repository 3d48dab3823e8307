import { ADMIN_STAFF_API, type TAdminStaffMember, type TEnvelope } from '@giot-hong/contract';
import { api } from '../../../lib/api-client';
import { useStaffMutation } from './use-staff-mutation';

/** POST /api/admin/staff/{id}/deactivate: the account can no longer log in. */
export const deactivateStaff = (id: number) =>
  api.post<TEnvelope<TAdminStaffMember>>(ADMIN_STAFF_API.deactivate(id));

export const useDeactivateStaff = () => useStaffMutation(deactivateStaff);
