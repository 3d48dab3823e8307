import {
  ADMIN_DONOR_API,
  type TAdminDonor,
  type TEnvelope,
  type TExternalDonationRequest,
} from '@giot-hong/contract';
import { api } from '../../../lib/api-client';
import { useAdminMutation } from './use-admin-mutation';

/** POST /api/admin/donors/{id}/external-donations: a donation made elsewhere (it moves eligibility). */
export const addExternalDonation = ({ id, body }: { id: number; body: TExternalDonationRequest }) =>
  api.post<TEnvelope<TAdminDonor>>(ADMIN_DONOR_API.donorExternalDonations(id), body);

export const useAddExternalDonation = () => useAdminMutation(addExternalDonation);
