// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Appointment } from '@common/schemas/appointments';
import { createQueryClient } from '../../lib/query-client';
import { Toaster } from '../../ui/toaster';
import { pathOf, startServer } from '../../test-support/msw';
import { AppointmentCard } from './appointment-card';

const server = startServer();

/** The text of the elements an element's aria-describedby points to: what a screen reader adds to its name. */
const description = (el: Element) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

const appointment = (over: Partial<Appointment>): Appointment => ({
  id: '00000000-0000-4000-8000-000000000001',
  status: 'pending',
  appointmentDate: '2026-12-03',
  appointmentTime: '10:00 AM',
  startsAt: inDays(7),
  timeZone: 'America/New_York',
  consultationType: 'video',
  reasonForVisit: 'Sore throat',
  additionalNotes: null,
  fee: 15000,
  payment: null,
  doctorId: '00000000-0000-4000-8000-000000000002',
  patientId: '00000000-0000-4000-8000-000000000003',
  doctor: {
    id: '00000000-0000-4000-8000-000000000002',
    user: { firstName: 'Daniel', lastName: 'Okafor', profileImageUrl: null },
    specialty: 'Cardiology',
    consultationFee: 15000,
    location: 'New York',
    country: 'United States',
    officeAddress: null,
    timeZone: 'America/New_York',
  },
  patient: { id: '00000000-0000-4000-8000-000000000003', firstName: 'Pat', lastName: 'Jones', profileImageUrl: null },
  hasReview: false,
  cancelledAt: null,
  cancellationReason: null,
  createdAt: new Date(Date.now() - 12 * 60_000 - 30_000).toISOString(),
  ...over,
});

function show(a: Appointment) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <AppointmentCard appointment={a} now={new Date()} />
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('an unpaid booking on My Appointments', () => {
  it('says it is held, not booked, with the time left, and offers Pay Now and Release', () => {
    show(appointment({}));
    expect(screen.getByText('Held for 30 minutes — pay to confirm').className).not.toContain('sr-only');
    expect(screen.getByText('18 minutes left').className).not.toContain('sr-only');
    expect(screen.getByText('Awaiting payment').className).not.toContain('sr-only');
    expect(screen.queryByText(/Booked/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Pay Now' }).className).not.toContain('sr-only');
    expect(screen.getByRole('button', { name: 'Release this hold' }).className).not.toContain('sr-only');
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('counts down a waitlist offer to its own end, 15 minutes, as the server names it', () => {
    const createdAt = new Date(Date.now() - 12 * 60_000 - 30_000);
    const endsAt = new Date(createdAt.getTime() + 15 * 60_000).toISOString();
    show(appointment({ createdAt: createdAt.toISOString(), slotHold: { minutes: 15, endsAt } }));
    expect(screen.getByText('Held for 15 minutes — pay to confirm').className).not.toContain('sr-only');
    expect(screen.getByText('3 minutes left').className).not.toContain('sr-only');
    expect(screen.queryByText(/30 minutes/)).toBeNull();
  });

  it('releases the hold with one click and says nothing was charged', async () => {
    const calls: string[] = [];
    server.use(
      http.all('*', async ({ request }) => {
        const url = pathOf(request);
        calls.push(`${request.method} ${url}`);
        return new Response(JSON.stringify(appointment({ status: 'cancelled' })), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    show(appointment({}));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Release this hold' }));
    await waitFor(() => expect(screen.getByText('Hold Released')).toBeTruthy());
    expect(screen.getByText('The time is free again. Nothing was charged.').className).not.toContain('sr-only');
    expect(calls[0]).toBe('POST /api/appointments/00000000-0000-4000-8000-000000000001/release');
  });

  it('shows no hold once paid, and the Cancel rule written beside the button when too close', () => {
    const paid = { status: 'succeeded' as const, refundedAmount: 0 };
    show(appointment({ status: 'confirmed', payment: paid, startsAt: inDays(0.5) }));
    expect(screen.queryByTestId('hold-notice')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Release this hold' })).toBeNull();
    const reason = 'Appointments can be cancelled only more than 24 hours before they start.';
    expect(screen.getByText(reason).className).not.toContain('sr-only');
    expect(description(screen.getByRole('button', { name: 'Cancel' }))).toBe(reason);
  });
});
