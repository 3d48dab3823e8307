import { ADMIN_STAFF_API, type TAdminStaffMember, type TEnvelope } from '@giot-hong/contract';
import { api } from '../../../lib/api-client';
import { useStaffMutation } from './use-staff-mutation';

/** POST /api/admin/staff/{id}/invitation: a new set-password link for an account still invited (the old one stops working). */
export const resendInvitation = (id: number) =>
  api.post<TEnvelope<TAdminStaffMember>>(ADMIN_STAFF_API.invitation(id));

export const useResendInvitation = () => useStaffMutation(resendInvitation);
