// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../lib/query-keys';
import { testAppointment } from '../../test-support/appointment';
import { startServer } from '../../test-support/msw';
import { useCancelAppointment } from './api';

const server = startServer();

/** What a patient has on screen when they cancel: every list and view the cancellation changes. */
const ID = '00000000-0000-4000-8000-0000000000a1';
const SHOWN = [
  queryKeys.appointments.patient,
  queryKeys.appointments.one(ID),
  queryKeys.consultations.upcoming,
  queryKeys.notifications,
];

describe('useCancelAppointment', () => {
  it('marks the appointment, its lists and the bell stale, and leaves unrelated data alone', async () => {
    server.use(
      // The reply is parsed with the appointment's schema, so it is a whole appointment.
      http.all('*', () => HttpResponse.json(testAppointment({ id: ID, status: 'cancelled' }))),
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
