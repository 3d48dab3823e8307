import type { QueryClient } from '@tanstack/react-query';

/**
 * After any change to the donor's data, status, full info and detail are read again (queries
 * keyed ['user', …]); the avatar is left alone, it has not changed.
 */
export function invalidateUserData(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (q) => q.queryKey[0] === 'user' && q.queryKey[1] !== 'avatar',
  });
}
