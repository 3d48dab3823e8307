import { ADMIN_STAFF_API, type TAdminStaffMember, type TEnvelope } from '@giot-hong/contract';
import { api } from '../../../lib/api-client';
import { useStaffMutation } from './use-staff-mutation';

/** POST /api/admin/staff/{id}/reactivate: unlocks a locked account (its old sessions stay ended). */
export const reactivateStaff = (id: number) =>
  api.post<TEnvelope<TAdminStaffMember>>(ADMIN_STAFF_API.reactivate(id));

export const useReactivateStaff = () => useStaffMutation(reactivateStaff);
