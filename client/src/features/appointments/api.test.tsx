// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../lib/query-keys';
import { testAppointment } from '../../test-support/appointment';
import { useCancelAppointment } from './api';

/** What a patient has on screen when they cancel: every list and view the cancellation changes. */
const ID = '00000000-0000-4000-8000-0000000000a1';
const SHOWN = [
  queryKeys.appointments.patient,
  queryKeys.appointments.one(ID),
  queryKeys.consultations.upcoming,
  queryKeys.notifications,
];

afterEach(() => vi.unstubAllGlobals());

describe('useCancelAppointment', () => {
  it('marks the appointment, its lists and the bell stale, and leaves unrelated data alone', async () => {
    vi.stubGlobal(
      'fetch',
      // The reply is parsed with the appointment's schema, so it is a whole appointment.
      vi.fn(
        async () =>
          new Response(JSON.stringify(testAppointment({ id: ID, status: 'cancelled' })), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
    for (const key of [...SHOWN, queryKeys.doctors.all]) client.setQueryData(key, { shown: true });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useCancelAppointment(), { wrapper });

    await act(() => result.current.mutateAsync(ID));

    for (const key of SHOWN) expect(client.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(true);
    expect(client.getQueryState(queryKeys.doctors.all)?.isInvalidated).toBe(false);
  });
});
