import { ADMIN_IDENTITY_API, type TEnvelope, type TIdentityApproveRequest } from '@giot-hong/contract';
import { api } from '../../../lib/api-client';
import { useAdminMutation } from './use-admin-mutation';

/** What the server answers to a decision on a review. */
export type TIdentityDecision = TEnvelope<{ extractId: string; status: string }>;

/** POST /api/admin/identity-reviews/{id}/approve with the details the staff member checked. */
export const approveIdentity = ({ id, body }: { id: string; body: TIdentityApproveRequest }) =>
  api.post<TIdentityDecision>(ADMIN_IDENTITY_API.approve(id), body);

export const useApproveIdentity = () => useAdminMutation(approveIdentity, { decides: true });
