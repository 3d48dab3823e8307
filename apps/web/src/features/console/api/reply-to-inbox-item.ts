import { ADMIN_INBOX_API, type TEnvelope, type TInboxItem, type TInboxKind } from '@giot-hong/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** POST /api/admin/inbox/{kind}/{id}/reply: mailed to the sender; the item is marked answered. */
export const replyToInboxItem = (v: { kind: TInboxKind; id: number; message: string }) =>
  api.post<TEnvelope<TInboxItem>>(ADMIN_INBOX_API.inboxReply(v.kind, v.id), { message: v.message });

export function useReplyToInboxItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyToInboxItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.inboxes() }),
  });
}
