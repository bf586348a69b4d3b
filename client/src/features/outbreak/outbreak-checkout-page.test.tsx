// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { pathOf, startServer } from '../../test-support/msw';
import { OutbreakCheckoutPage } from './outbreak-checkout-page';

const server = startServer();

const coverage = { reporting: 1, agencies: ['WHO'], from: '2025-10-10T00:00:00.000Z', to: '2025-10-10T00:00:00.000Z' };
const statistics = (stale: boolean) => ({
  approximate: false,
  totalCases: 64,
  activeCases: 5,
  totalRecovered: 15,
  totalDeaths: 45,
  outbreakCount: 1,
  runningTotalCount: 0,
  dataAsOf: '2025-10-10T00:00:00.000Z',
  snapshotAsOf: null,
  stale,
  staleAfterDays: 30,
  coverage: { confirmed: coverage, active: coverage, recovered: coverage, deaths: coverage },
});

function reply(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function renderCheckout(stale: boolean) {
  const intents: unknown[] = [];
  server.use(
    http.all('*', async ({ request }) => {
      const url = pathOf(request);
      if (url === '/api/outbreak/statistics') return reply(200, statistics(stale));
      if (url === '/api/payments/config') return reply(200, { provider: 'simulated', publishableKey: null });
      if (url === '/api/outbreak/pdf-report/payment') {
        intents.push(await request.json());
        return reply(200, { clientSecret: 'cs_test', amount: 9999, paymentIntentId: 'pi_test' });
      }
      return reply(404, { message: 'not found' });
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/outbreak-pdf-checkout?reportType=full']}>
        <OutbreakCheckoutPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return intents;
}

afterEach(cleanup);

describe('OutbreakCheckoutPage', () => {
  it('says the data is out of date and starts no payment until the buyer accepts it', async () => {
    const intents = renderCheckout(true);
    expect(await screen.findByText(/^The newest report in this data is from Oct 10, 2025/)).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: /I confirm that I am a medical professional/ }));
    expect(screen.getByText('Please confirm that you accept a report built from out-of-date data.')).toBeTruthy();
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(intents).toEqual([]);

    fireEvent.click(screen.getByRole('checkbox', { name: /built from data older than 30 days/ }));
    expect(await screen.findByLabelText('Card number')).toBeTruthy();
    expect(intents).toEqual([{ reportType: 'full', medicalProfessional: true, acceptOutOfDateData: true }]);
  });

  it('asks nothing more when the data is current', async () => {
    const intents = renderCheckout(false);
    fireEvent.click(await screen.findByRole('checkbox', { name: /I confirm that I am a medical professional/ }));
    expect(await screen.findByLabelText('Card number')).toBeTruthy();
    expect(screen.queryByText(/out-of-date data/i)).toBeNull();
    expect(intents).toEqual([{ reportType: 'full', medicalProfessional: true, acceptOutOfDateData: false }]);
  });
});
