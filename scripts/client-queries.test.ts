import { describe, expect, it } from 'vitest';
import { checkSource } from './client-queries.mjs';

const check = (text: string, options?: { rawRequestsAllowed?: boolean }) => checkSource('x.tsx', text, options);

// The whole client is checked by `npm run lint` (scripts/check-client-queries.mjs).
describe('the client query check', () => {
  it('refuses a query that leaves its URL to a default query function', () => {
    expect(check(`const q = useQuery({ queryKey: queryKeys.wallet, enabled });`)).toEqual([
      expect.stringContaining('useQuery without a queryFn'),
    ]);
    expect(check(`client.prefetchQuery({ queryKey: ['/api/doctors', id] });`)).toHaveLength(1);
    expect(
      check(`useQueries({ queries: dates.map((d) => ({ queryKey: ['/api/doctors', d], staleTime: 0 })) });`),
    ).toHaveLength(1);
  });

  it('refuses a reply cast through a type argument, even with a query function', () => {
    expect(check(`useQuery<Doctor[]>({ queryKey: k, queryFn: () => load() });`)).toEqual([
      expect.stringContaining('useQuery<…> casts the reply'),
    ]);
  });

  it("accepts a feature's queryOptions, alone or spread with more options", () => {
    expect(
      check(
        `useQuery(doctorQuery(id)); useQuery({ ...walletQuery, enabled }); useInfiniteQuery({ queryKey: k, queryFn: f, initialPageParam: 0, getNextPageParam });`,
      ),
    ).toEqual([]);
    // Keys without a query (invalidation, cache writes) are not queries.
    expect(check(`client.invalidateQueries({ queryKey: queryKeys.wallet });`)).toEqual([]);
  });

  it('refuses a raw request outside client/src/lib', () => {
    const text = `const x = apiRequest('POST', '/api/referrals', input);`;
    expect(check(text)).toEqual([expect.stringContaining('apiRequest sends around the endpoint definitions')]);
    expect(check(text, { rawRequestsAllowed: true })).toEqual([]);
  });
});
