import {
  ADMIN_STAFF_API,
  type TAdminStaffMember,
  type TAdminStaffInviteRequest,
  type TEnvelope,
} from '@giot-hong/contract';
import { api } from '../../../lib/api-client';
import { useStaffMutation } from './use-staff-mutation';

/** POST /api/admin/staff/invite: a new account, mailed a link to set its password. */
export const inviteStaff = (body: TAdminStaffInviteRequest) =>
  api.post<TEnvelope<TAdminStaffMember>>(ADMIN_STAFF_API.invite, body);

export const useInviteStaff = () => useStaffMutation(inviteStaff);
