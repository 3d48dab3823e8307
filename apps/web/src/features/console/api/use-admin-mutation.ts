import { hashKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from './admin-keys';

/**
 * A staff change to an identity review or a donor record. It refreshes the console's lists in
 * the background (the caller's navigation never waits for them). With `decides`, the request
 * closes a review: its cached page is dropped rather than read again, since the staff member
 * leaves it and each read of a review is audited. Card photos are outside ['admin']
 * (`identityPhotoKey`), so they are never asked again.
 */
export function useAdminMutation<V extends { id: string | number }, R>(
  fn: (v: V) => Promise<R>,
  { decides = false }: { decides?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (_data, { id }) => {
      if (decides) queryClient.removeQueries({ queryKey: adminKeys.identityReview(String(id)) });
    },
    onSettled: (_data, error, { id }) => {
      const decided = decides && !error ? hashKey(adminKeys.identityReview(String(id))) : null;
      void queryClient.invalidateQueries({
        queryKey: adminKeys.all,
        // The decided review may have been asked for again between the two callbacks: leave it.
        predicate: (query) => query.queryHash !== decided,
      });
    },
  });
}
