// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { http } from 'msw';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment } from '@common/schemas/appointments';
import { createQueryClient } from '../../lib/query-client';
import { Toaster } from '../../ui/toaster';
import { pathOf, startServer } from '../../test-support/msw';
import { CheckoutPage } from './checkout-page';

const network = startServer();

const ID = '00000000-0000-4000-8000-000000000001';
const FEE = 15000;

const appointment = (paid: boolean): Appointment => ({
  id: ID,
  status: paid ? 'confirmed' : 'pending',
  appointmentDate: '2026-12-03',
  appointmentTime: '10:00 AM',
  startsAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  timeZone: 'America/New_York',
  consultationType: 'video',
  reasonForVisit: 'Sore throat',
  additionalNotes: null,
  fee: FEE,
  payment: null,
  doctorId: '00000000-0000-4000-8000-000000000002',
  patientId: '00000000-0000-4000-8000-000000000003',
  doctor: {
    id: '00000000-0000-4000-8000-000000000002',
    user: { firstName: 'Daniel', lastName: 'Okafor', profileImageUrl: null },
    specialty: 'Cardiology',
    consultationFee: FEE,
    location: 'New York',
    country: 'United States',
    officeAddress: null,
    timeZone: 'America/New_York',
  },
  patient: { id: '00000000-0000-4000-8000-000000000003', firstName: 'Pat', lastName: 'Jones', profileImageUrl: null },
  hasReview: false,
  cancelledAt: null,
  cancellationReason: null,
  createdAt: new Date(Date.now() - 60_000).toISOString(),
});

const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * A server that answers as the real one does: the wallet pays the whole fee once, and any later
 * intent for the paid appointment is refused with 409.
 */
function server() {
  let balance = 20000;
  let paid = false;
  const intents: unknown[] = [];
  const asked: string[] = [];
  network.use(
    http.all('*', async ({ request }) => {
      const url = pathOf(request);
      asked.push(url);
      if (url === '/api/payments/config') return reply(200, { provider: 'simulated', publishableKey: null });
      if (url === `/api/appointments/${ID}`) return reply(200, appointment(paid));
      if (url === '/api/wallet') return reply(200, { balance, entries: [] });
      if (url === '/api/payments/create-intent' && request.method === 'POST') {
        const body = (await request.json()) as { useWallet: boolean };
        intents.push(body);
        if (paid) return reply(409, { message: 'This appointment has already been paid' });
        if (!body.useWallet) return reply(200, { clientSecret: 'cs_1', amount: FEE, paymentIntentId: 'pi_1' });
        balance -= FEE;
        paid = true;
        return reply(200, {
          clientSecret: '',
          amount: 0,
          paymentIntentId: 'pi_2',
          walletAmount: FEE,
          paidWithWallet: true,
        });
      }
      return reply(404, { message: 'not found' });
    }),
  );
  return { intents, asked };
}

// The app's screens are lazy chunks: while the next one loads, the router keeps this page mounted.
let arrive: () => void = () => {};
const loaded = new Promise<void>((resolve) => (arrive = resolve));
const AppointmentsPage = lazy(() => loaded.then(() => ({ default: () => <h1>My Appointments</h1> })));

function show() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[`/checkout?appointmentId=${ID}`]}>
        <Suspense fallback={<p>Loading screen</p>}>
          <Routes>
            <Route path="/checkout" element={<CheckoutPage />} />
            <Route path="/appointments" element={<AppointmentsPage />} />
            <Route path="/find-doctors" element={<h1>Find Doctors</h1>} />
          </Routes>
        </Suspense>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

// The shared queries' schemas load with their first request (lib/shared-api.ts); here they are ready beforehand.
beforeAll(() => Promise.all([import('@common/schemas/payments'), import('@common/schemas/referrals')]));

afterEach(cleanup);

describe('CheckoutPage, paying from the wallet', () => {
  it('ends in Payment Successful and My Appointments, asking for no second intent', async () => {
    const { intents, asked } = server();
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('checkbox', { name: /Use my wallet balance/ }));
    await user.click(await screen.findByRole('button', { name: 'Pay $150 from Wallet' }));

    expect(await screen.findByText('Payment Successful')).toBeTruthy();
    // The wallet's new balance arrives while the next screen loads: nothing is asked of the server again.
    await waitFor(() => expect(asked.filter((url) => url === '/api/wallet')).toHaveLength(2));
    arrive();
    expect(await screen.findByRole('heading', { name: 'My Appointments' })).toBeTruthy();
    expect(intents).toEqual([
      { appointmentId: ID, useWallet: false },
      { appointmentId: ID, useWallet: true },
    ]);
    expect(screen.queryByText('Payment Unavailable')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Find Doctors' })).toBeNull();
  }, 20_000);
});
