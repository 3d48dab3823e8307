import { ADMIN_IDENTITY_API } from '@giot-hong/contract';
import { api } from '../../../lib/api-client';
import type { TIdentityDecision } from './approve-identity';
import { useAdminMutation } from './use-admin-mutation';

/** POST /api/admin/identity-reviews/{id}/reject: the reason is sent to the donor. */
export const rejectIdentity = ({ id, reason }: { id: string; reason: string }) =>
  api.post<TIdentityDecision>(ADMIN_IDENTITY_API.reject(id), { reason });

export const useRejectIdentity = () => useAdminMutation(rejectIdentity, { decides: true });
