import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@common/schemas/auth';
import { apiGet } from './api';
import { queryKeys } from './query-keys';

/**
 * Who is signed in, for the shell and any screen. A 401 (or any failure) means signed out; the
 * answer is kept 5 minutes. Sign-in and registration write the same key with the user they return.
 */
export function useCurrentUser() {
  const query = useQuery<CurrentUser | null>({
    queryKey: queryKeys.currentUser,
    queryFn: () => apiGet<CurrentUser>('/api/auth/user').catch(() => null),
    staleTime: 5 * 60_000,
    refetchOnMount: false,
  });
  return { user: query.data ?? null, isLoading: query.isLoading };
}
