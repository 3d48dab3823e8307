import {
  ADMIN_INBOX_API,
  type TEnvelope,
  type TInboxItem,
  type TInboxKind,
  type TInboxUpdateRequest,
} from '@giot-hong/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** PUT /api/admin/inbox/{kind}/{id}: a new status or assignee. */
export const updateInboxItem = (v: { kind: TInboxKind; id: number; body: TInboxUpdateRequest }) =>
  api.put<TEnvelope<TInboxItem>>(ADMIN_INBOX_API.inboxItem(v.kind, v.id), v.body);

/** Every inbox tab refreshes: the item may move to another status and the counts change. */
export function useUpdateInboxItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInboxItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.inboxes() }),
  });
}
