import { QueryClient } from '@tanstack/react-query';
import { apiGet } from './api';

// Keys (./query-keys.ts) join into the URL they fetch; data is never stale by age, is not
// refetched on focus and is not retried: screens refetch on purpose where freshness matters.
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: ({ queryKey }) => apiGet(queryKey.join('/')),
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
