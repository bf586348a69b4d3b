import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoint, ReplyMismatchError } from './endpoint';
import { queryKeys } from './query-keys';

// Loaded with the request: the shell reads the user on every page, and zod stays out of the entry script.
export const getCurrentUser = endpoint('GET', '/api/auth/user', () =>
  import('@common/schemas/auth').then((m) => m.currentUserSchema),
);
export const putLanguage = endpoint('PUT', '/api/auth/language', () =>
  import('@common/schemas/auth').then((m) => m.currentUserSchema),
);

/**
 * Who is signed in. A 401 (or any failure of the request) means signed out; a reply of the
 * wrong shape is a fault of the client, not a sign-out, and surfaces as one.
 */
export const currentUserQuery = queryOptions({
  queryKey: queryKeys.currentUser,
  queryFn: () =>
    getCurrentUser.send().catch((error: unknown) => {
      if (error instanceof ReplyMismatchError) throw error;
      return null;
    }),
  staleTime: 5 * 60_000,
  refetchOnMount: false,
});

/**
 * Who is signed in, for the shell and any screen. The answer is kept 5 minutes. Sign-in and
 * registration write the same key with the user they return.
 */
export function useCurrentUser() {
  const query = useQuery(currentUserQuery);
  return { user: query.data ?? null, isLoading: query.isLoading };
}
