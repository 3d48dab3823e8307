import {
  ADMIN_CONTENT_API,
  type TEnvelope,
  type TInboxItem,
  type TInboxKind,
  type TInboxStatus,
  type TInboxUpdateRequest,
  type TStaffOption,
} from '@giot-hong/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/* The inboxes: GET /api/admin/inbox/{kind}, PUT …/{id} (status, assignee), POST …/{id}/reply. */

export type TInboxList = { items: TInboxItem[]; counts: Record<TInboxStatus, number> };

export const getInbox = async (kind: TInboxKind, status: TInboxStatus, signal?: AbortSignal) =>
  (await api.get<TEnvelope<TInboxList>>(ADMIN_CONTENT_API.inbox(kind), { query: { status }, signal })).data;
export const useInbox = (kind: TInboxKind, status: TInboxStatus) =>
  useQuery({
    queryKey: [...adminKeys.all, 'inbox', kind, status],
    queryFn: ({ signal }) => getInbox(kind, status, signal),
  });

export const getStaffOptions = async (signal?: AbortSignal) =>
  (await api.get<TEnvelope<TStaffOption[]>>(ADMIN_CONTENT_API.staffOptions, { signal })).data;
export const useStaffOptions = () =>
  useQuery({
    queryKey: [...adminKeys.all, 'staff-options'],
    queryFn: ({ signal }) => getStaffOptions(signal),
  });

export const updateInboxItem = (v: { kind: TInboxKind; id: number; body: TInboxUpdateRequest }) =>
  api.put<TEnvelope<TInboxItem>>(ADMIN_CONTENT_API.inboxItem(v.kind, v.id), v.body);
export const replyToInboxItem = (v: { kind: TInboxKind; id: number; message: string }) =>
  api.post<TEnvelope<TInboxItem>>(ADMIN_CONTENT_API.inboxReply(v.kind, v.id), { message: v.message });

function useInboxMutation<V>(fn: (v: V) => Promise<TEnvelope<TInboxItem>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'inbox'] }),
  });
}
export const useUpdateInboxItem = () => useInboxMutation(updateInboxItem);
export const useReplyToInboxItem = () => useInboxMutation(replyToInboxItem);
