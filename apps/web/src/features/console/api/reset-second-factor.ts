import { ADMIN_STAFF_API, type TAdminStaffMember, type TEnvelope } from '@giot-hong/contract';
import { api } from '../../../lib/api-client';
import { useStaffMutation } from './use-staff-mutation';

/** POST /api/admin/staff/{id}/second-factor/reset: forgets the authenticator and recovery codes; the member enrols again at the next login. */
export const resetSecondFactor = (id: number) =>
  api.post<TEnvelope<TAdminStaffMember>>(ADMIN_STAFF_API.resetSecondFactor(id));

export const useResetSecondFactor = () => useStaffMutation(resetSecondFactor);
