import { QueryClient } from '@tanstack/react-query';
import { apiGet } from './api';

// Spec §7/§9: keys join into a URL; data is never stale by age, no refetch on focus, no retries.
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
