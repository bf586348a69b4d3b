// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { aCurrentUser } from '../../test-support/current-user';
import { pathOf, startServer } from '../../test-support/msw';
import { OutbreakPage } from './outbreak-page';

const server = startServer();

const ebola = {
  id: '5b0e6a8e-3a4b-4c5d-8e9f-0a1b2c3d4e5f',
  diseaseName: 'Ebola virus disease',
  severity: 'critical',
  location: 'Bulape, Kasai Province',
  country: 'Democratic Republic of the Congo',
  confirmedCases: 64,
  activeCases: null,
  recoveredCases: 15,
  deaths: 45,
  lastUpdated: '2025-10-10T00:00:00.000Z',
  sourceAgency: 'World Health Organization',
  source: 'snapshot',
  scope: 'outbreak',
};
const covid = {
  ...ebola,
  id: '6c1f7b9f-4b5c-4d6e-9fa0-1b2c3d4e5f60',
  diseaseName: 'COVID-19',
  severity: 'high',
  location: 'Global',
  country: 'Global',
  confirmedCases: 778000000,
  recoveredCases: null,
  deaths: 7100000,
  scope: 'running-total',
};
const coverage = (reporting: number) => ({
  reporting,
  agencies: reporting ? ['WHO'] : [],
  from: reporting ? '2025-10-10T00:00:00.000Z' : null,
  to: reporting ? '2025-10-10T00:00:00.000Z' : null,
});
const age = {
  outbreakCount: 1,
  runningTotalCount: 1,
  dataAsOf: '2025-10-10T00:00:00.000Z',
  snapshotAsOf: '2025-10-15',
  stale: true,
  staleAfterDays: 30,
  coverage: { confirmed: coverage(1), active: coverage(0), recovered: coverage(1), deaths: coverage(1) },
};
const fresh = { ...age, stale: false, snapshotAsOf: null };
const exact = { approximate: false, totalCases: 64, activeCases: 0, totalRecovered: 15, totalDeaths: 45 };
const patient = aCurrentUser({ firstName: 'P', lastName: 'P', email: 'p@x.org', userType: 'patient' });

function reply(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function renderPage(routes: Record<string, () => Response>) {
  const asked: string[] = [];
  server.use(
    http.all('*', ({ request }) => {
      const url = pathOf(request);
      asked.push(url);
      const match = Object.keys(routes).find((path) => url === path);
      return match ? routes[match]() : reply(404, { message: 'not found' });
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <OutbreakPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return asked;
}

afterEach(cleanup);

describe('OutbreakPage', () => {
  it('shows a visitor the cases, approximate totals and a prompt to log in, without report offers', async () => {
    renderPage({
      '/api/auth/user': () => reply(401, { message: 'Please sign in to continue.' }),
      '/api/outbreak/cases': () => reply(200, [ebola]),
      '/api/outbreak/statistics': () =>
        reply(200, {
          approximate: true,
          totalCases: '780M+',
          activeCases: '5',
          totalRecovered: '96+',
          totalDeaths: '7.1M+',
          ...age,
        }),
    });
    expect(await screen.findByText('Ebola virus disease')).toBeTruthy();
    expect(screen.getByText('780M+')).toBeTruthy();
    expect(screen.getByText('Critical')).toBeTruthy();
    expect(screen.getByText('Sign in to see more')).toBeTruthy();
    expect(screen.getByText(/snapshot bundled with Medora \(dated Oct 15, 2025\)/)).toBeTruthy();
    expect(screen.queryByText('PDF Outbreak Reports')).toBeNull();
  });

  it('offers the three reports with 7-day access to a signed-in user', async () => {
    renderPage({
      '/api/auth/user': () => reply(200, patient),
      '/api/outbreak/cases': () => reply(200, [ebola]),
      '/api/outbreak/statistics': () => reply(200, { ...exact, ...age }),
      '/api/outbreak/reports': () => reply(200, []),
    });
    expect(await screen.findByText('PDF Outbreak Reports')).toBeTruthy();
    for (const price of ['$49.99', '$99.99', '$199.99']) expect(screen.getByText(price)).toBeTruthy();
    expect(screen.getByText('Most Popular')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Purchase Report: Summary Report' }).getAttribute('href')).toBe(
      '/outbreak-pdf-checkout?reportType=summary',
    );
    expect(screen.queryByText('Sign in to see more')).toBeNull();
  });

  it('says so when there is no data', async () => {
    renderPage({
      '/api/auth/user': () => reply(401, {}),
      '/api/outbreak/cases': () => reply(200, []),
      '/api/outbreak/statistics': () =>
        reply(200, {
          approximate: true,
          totalCases: '0',
          activeCases: '0',
          totalRecovered: '0',
          totalDeaths: '0',
          ...age,
          outbreakCount: 0,
          runningTotalCount: 0,
          dataAsOf: null,
          snapshotAsOf: null,
          stale: false,
        }),
    });
    expect(await screen.findByText('No outbreak data available')).toBeTruthy();
  });

  it('labels each total with the outbreaks that report it, its source and its date', async () => {
    renderPage({
      '/api/auth/user': () => reply(200, patient),
      '/api/outbreak/cases': () => reply(200, [ebola, covid]),
      '/api/outbreak/statistics': () => reply(200, { ...exact, ...fresh }),
      '/api/outbreak/reports': () => reply(200, []),
    });
    const totals = await screen.findByRole('region', { name: 'Outbreak statistics' });
    expect(screen.getByRole('heading', { name: 'Totals of 1 country outbreak' })).toBeTruthy();
    for (const label of ['Confirmed cases', 'Active cases', 'Recovered', 'Deaths']) {
      expect(within(totals).getByText(label)).toBeTruthy();
    }
    expect(within(totals).queryByText('Total Cases')).toBeNull();
    expect(within(totals).getAllByText('In the 1 outbreak')).toHaveLength(3);
    expect(within(totals).getByText('In 0 of 1 outbreaks')).toBeTruthy();
    expect(within(totals).getAllByText('WHO, as of Oct 10, 2025')).toHaveLength(3);
    expect(within(totals).getByText('No outbreak reports this figure')).toBeTruthy();
    expect(screen.getByText(/1 worldwide or cumulative total is shown below but not added/)).toBeTruthy();
    // The worldwide tally is shown as what it is, and each card gives its source and date.
    const covidCard = screen.getByRole('article', { name: /COVID-19 in Global/ });
    expect(within(covidCard).getByText('Worldwide total')).toBeTruthy();
    expect(within(covidCard).getByText(/Not added to the totals above/)).toBeTruthy();
    expect(within(covidCard).getByText(/World Health Organization, as of/)).toBeTruthy();
    expect(within(covidCard).getByText('Older than 30 days')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Out-of-date data' })).toBeNull();
  });

  it('shows a clear banner when the newest report is older than 30 days', async () => {
    renderPage({
      '/api/auth/user': () => reply(200, patient),
      '/api/outbreak/cases': () => reply(200, [ebola]),
      '/api/outbreak/statistics': () => reply(200, { ...exact, ...age }),
      '/api/outbreak/reports': () => reply(200, []),
    });
    expect(await screen.findByRole('heading', { name: 'Out-of-date data' })).toBeTruthy();
    expect(
      screen.getByText(/^The newest report in this data is from Oct 10, 2025, \d+ (months|years) old\./),
    ).toBeTruthy();
    expect(screen.getByText(/not from a live feed/)).toBeTruthy();
  });

  it('retries three times, then shows the error', async () => {
    const asked = renderPage({
      '/api/auth/user': () => reply(401, {}),
      '/api/outbreak/cases': () => reply(500, { message: 'boom' }),
      '/api/outbreak/statistics': () => reply(500, { message: 'boom' }),
    });
    expect(await screen.findByText('Error Loading Dashboard', {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByText('Unable to load outbreak data. Please refresh the page or try again later.')).toBeTruthy();
    await waitFor(() => expect(asked.filter((url) => url === '/api/outbreak/cases').length).toBe(4));
  });
  it('offers a tier the reader already owns as "Download again", not a second purchase', async () => {
    const owned = {
      id: '7d2a8c0a-5c6d-4e7f-8a9b-2c3d4e5f6071',
      reportType: 'full',
      amount: 4999,
      status: 'paid',
      purchasedAt: '2026-11-30T10:00:00.000Z',
      expiresAt: '2026-12-07T10:00:00.000Z',
      downloadUrl: '/api/outbreak/reports/7d2a8c0a-5c6d-4e7f-8a9b-2c3d4e5f6071/download',
      receiptId: null,
    };
    renderPage({
      '/api/auth/user': () => reply(200, patient),
      '/api/outbreak/cases': () => reply(200, [ebola]),
      '/api/outbreak/statistics': () => reply(200, { ...exact, ...fresh }),
      '/api/outbreak/reports': () => reply(200, [owned]),
    });
    const again = await screen.findByRole('link', { name: 'Download again: Full Report' });
    expect(again.getAttribute('href')).toBe(owned.downloadUrl);
    expect(screen.getByText('Yours until Dec 7, 2026')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Purchase Report: Full Report' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Purchase Report: Summary Report' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Purchase Report: Detailed Report' })).toBeTruthy();
  });
});
