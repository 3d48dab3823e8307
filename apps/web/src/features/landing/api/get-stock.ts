import { STOCK_API, type TEnvelope, type TStockBoard } from '@giot-hong/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * The public blood stock board. A server-rendered landing page brings it in its data (the server's
 * page-data.ts fills this key), so the first paint asks nothing. No token is sent: it is public.
 */
export async function getStock(signal?: AbortSignal): Promise<TStockBoard | null> {
  const body = await api.get<Partial<TEnvelope<TStockBoard>> | undefined>(STOCK_API.board, {
    signal,
    auth: false,
  });
  return Array.isArray(body?.data?.groups) ? body.data : null;
}

export const stockQueryOptions = () =>
  queryOptions({
    queryKey: ['stock'] as const,
    queryFn: ({ signal }) => getStock(signal),
  });

export function useStock() {
  return useQuery(stockQueryOptions());
}
