import {
  ADMIN_STAFF_API,
  type TAdminStaffMember,
  type TStaffRole,
  type TEnvelope,
} from '@giot-hong/contract';
import { api } from '../../../lib/api-client';
import { useStaffMutation } from './use-staff-mutation';

/** PUT /api/admin/staff/{id}/role. */
export const setStaffRole = (v: { id: number; role: TStaffRole }) =>
  api.put<TEnvelope<TAdminStaffMember>>(ADMIN_STAFF_API.role(v.id), { role: v.role });

export const useSetStaffRole = () => useStaffMutation(setStaffRole);
