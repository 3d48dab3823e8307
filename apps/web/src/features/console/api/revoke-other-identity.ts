import { ADMIN_IDENTITY_API } from '@giot-hong/contract';
import { api } from '../../../lib/api-client';
import type { TIdentityDecision } from './approve-identity';
import { useAdminMutation } from './use-admin-mutation';

/**
 * POST /api/admin/identity-reviews/{id}/revoke-other: withdraws the approval of another account
 * that holds the same card number. The review itself stays open (it is not a decision on it).
 */
export const revokeOtherIdentity = ({ id, reason }: { id: string; reason: string }) =>
  api.post<TIdentityDecision>(ADMIN_IDENTITY_API.revokeOther(id), { reason });

export const useRevokeOther = () => useAdminMutation(revokeOtherIdentity);
