import type { TAdminNews, TEnvelope } from '@giot-hong/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from './admin-keys';

/**
 * A change to one news item (save, thumbnail, publish, unpublish): the item's cache takes the
 * server's answer at once (the editor shows it without asking again) and the lists refresh.
 */
export function useNewsMutation<V>(fn: (v: V) => Promise<TEnvelope<TAdminNews>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (body) => {
      queryClient.setQueryData(adminKeys.newsItem(body.data.id), body.data);
      return queryClient.invalidateQueries({ queryKey: adminKeys.newsLists() });
    },
  });
}
