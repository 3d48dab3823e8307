import { ADMIN_STOCK_API, type TAdminStockBoard, type TEnvelope } from '@giot-hong/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /api/admin/stock: each group's level, when and by whom (with the staff account) it was set. */
export const getAdminStock = async (signal?: AbortSignal) =>
  (await api.get<TEnvelope<TAdminStockBoard>>(ADMIN_STOCK_API.stock, { signal })).data;

export const useAdminStock = () =>
  useQuery({ queryKey: adminKeys.stock(), queryFn: ({ signal }) => getAdminStock(signal) });
