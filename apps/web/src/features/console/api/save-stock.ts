import {
  ADMIN_STOCK_API,
  type TAdminStockBoard,
  type TEnvelope,
  type TStockUpdateRequest,
} from '@giot-hong/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** PUT /api/admin/stock: the levels (and notes) of the groups sent. */
export const saveStock = (body: TStockUpdateRequest) =>
  api.put<TEnvelope<TAdminStockBoard>>(ADMIN_STOCK_API.stock, body);

/** The page takes the server's answer at once; the landing page's board (['stock']) asks again. */
export function useSaveStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveStock,
    onSuccess: (body) => {
      queryClient.setQueryData(adminKeys.stock(), body.data);
      return queryClient.invalidateQueries({ queryKey: ['stock'] });
    },
  });
}
