// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Appointment } from '@common/schemas/appointments';
import { createQueryClient } from '../../lib/query-client';
import { testAppointment } from '../../test-support/appointment';
import { AppointmentActions } from './appointment-actions';

const RECEIPT = '44444444-4444-4444-8444-444444444444';
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

const appointment = (over: Partial<Appointment>) =>
  testAppointment({
    id: '22222222-2222-4222-8222-222222222222',
    appointmentDate: inDays(5).slice(0, 10),
    appointmentTime: '09:00 AM',
    startsAt: inDays(5),
    durationMinutes: undefined,
    reasonForVisit: 'Cough',
    payment: { status: 'succeeded', refundedAmount: 0, receiptId: RECEIPT },
    createdAt: new Date().toISOString(),
    ...over,
  });

const show = (a: Appointment) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <AppointmentActions appointment={a} now={new Date()} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

afterEach(cleanup);

describe('Receipt on My Appointments', () => {
  it('downloads the paid appointment’s receipt, its date in this browser’s zone', () => {
    show(appointment({}));
    const link = screen.getByRole('link', { name: 'Receipt' });
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(link.getAttribute('href')).toBe(`/api/receipts/${RECEIPT}/pdf?timeZone=${encodeURIComponent(zone)}`);
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('is there for a cancelled (refunded) visit too, and absent before payment', () => {
    show(
      appointment({ status: 'cancelled', payment: { status: 'refunded', refundedAmount: 5000, receiptId: RECEIPT } }),
    );
    expect(screen.getByRole('link', { name: 'Receipt' })).toBeTruthy();
    cleanup();
    show(appointment({ status: 'pending', payment: null }));
    expect(screen.queryByRole('link', { name: 'Receipt' })).toBeNull();
  });
});
