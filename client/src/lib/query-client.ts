import { QueryClient } from '@tanstack/react-query';

// Every query brings its own query function (the feature's api.ts, parsing the reply with its
// schema); there is no default, so a query without one fails instead of guessing a URL. Data is
// never stale by age, is not refetched on focus and is not retried: screens refetch on purpose
// where freshness matters.
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
