// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../lib/query-keys';
import { useCancelAppointment } from './api';

/** What a patient has on screen when they cancel: every list and view the cancellation changes. */
const SHOWN = [
  queryKeys.appointments.patient,
  queryKeys.appointments.one('a1'),
  queryKeys.consultations.upcoming,
  queryKeys.notifications,
];

afterEach(() => vi.unstubAllGlobals());

describe('useCancelAppointment', () => {
  it('marks the appointment, its lists and the bell stale, and leaves unrelated data alone', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ id: 'a1', status: 'cancelled' }), { status: 200 })),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
    for (const key of [...SHOWN, queryKeys.doctors.all]) client.setQueryData(key, { shown: true });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useCancelAppointment(), { wrapper });

    await act(() => result.current.mutateAsync('a1'));

    for (const key of SHOWN) expect(client.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(true);
    expect(client.getQueryState(queryKeys.doctors.all)?.isInvalidated).toBe(false);
  });
});
