import {
  ADMIN_INBOX_API,
  type TEnvelope,
  type TInboxItem,
  type TInboxKind,
  type TInboxStatus,
} from '@giot-hong/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** One inbox tab: its messages and the count of every status (the tabs' badges). */
export type TInboxList = { items: TInboxItem[]; counts: Record<TInboxStatus, number> };

/** GET /api/admin/inbox/{kind}?status: contact messages or appointment feedback. */
export const getInbox = async (kind: TInboxKind, status: TInboxStatus, signal?: AbortSignal) =>
  (await api.get<TEnvelope<TInboxList>>(ADMIN_INBOX_API.inbox(kind), { query: { status }, signal })).data;

export const useInbox = (kind: TInboxKind, status: TInboxStatus) =>
  useQuery({
    queryKey: adminKeys.inbox(kind, status),
    queryFn: ({ signal }) => getInbox(kind, status, signal),
  });
