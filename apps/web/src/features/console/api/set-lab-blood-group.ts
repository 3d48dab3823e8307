import { ADMIN_DONOR_API, type TAdminDonor, type TEnvelope } from '@giot-hong/contract';
import { api } from '../../../lib/api-client';
import { useAdminMutation } from './use-admin-mutation';

/** PUT /api/admin/donors/{id}/lab-blood-group: the blood group a laboratory confirmed. */
export const setLabBloodGroup = ({ id, bloodGroup }: { id: number; bloodGroup: string }) =>
  api.put<TEnvelope<TAdminDonor>>(ADMIN_DONOR_API.donorLabBloodGroup(id), { bloodGroup });

export const useSetLabBloodGroup = () => useAdminMutation(setLabBloodGroup);
