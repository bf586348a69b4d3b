// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminPaymentRow, AdminReportSaleRow } from '@common/schemas/admin';
import { createQueryClient } from '../../lib/query-client';
import { showIn } from '../../test-support/language';
import { pathOf, startServer } from '../../test-support/msw';
import { PaymentsTab } from './payments-tab';

const server = startServer();

const payment: AdminPaymentRow = {
  id: '00000000-0000-4000-8000-000000000001',
  patientName: 'Pat Patient',
  doctorName: 'Ada Okafor',
  amount: 15000,
  status: 'succeeded',
  purpose: 'appointment',
  createdAt: '2026-11-20T10:00:00Z',
  receiptNumber: 'MED-2026-000001',
};
const sale: AdminReportSaleRow = {
  id: '00000000-0000-4000-8000-0000000000a1',
  buyerName: 'Rhea Buyer',
  buyerEmail: 'rhea@example.com',
  tier: 'full',
  amount: 9999,
  currency: 'usd',
  status: 'paid',
  createdAt: '2026-11-21T10:00:00Z',
  purchasedAt: '2026-11-21T10:01:00Z',
  receiptNumber: 'MED-2026-000002',
};

const page = (items: unknown[]) => ({ items, total: items.length, totalCapped: false, page: 1, pageSize: 20 });
const reply = (status: number, body: JsonBodyType) => HttpResponse.json(body, { status });

function show() {
  server.use(
    http.all('*', ({ request }) => {
      const url = pathOf(request);
      if (url.startsWith('/api/admin/payments?')) return reply(200, page([payment]));
      if (url.startsWith('/api/admin/report-sales?')) return reply(200, page([sale]));
      return reply(404, { message: 'not found' });
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PaymentsTab />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  showIn('en');
});

describe('Admin payments', () => {
  it('lists report sales beside the consultation payments, labelled with tier, buyer and amount', async () => {
    show();
    const payments = screen.getByRole('table', { name: 'Payments' });
    expect(await within(payments).findByText('Pat Patient')).toBeTruthy();
    const sales = screen.getByRole('table', { name: 'Report sales' });
    const row = (await within(sales).findByText('Rhea Buyer')).closest('tr')!;
    expect(within(row).getByText('Report sale')).toBeTruthy();
    expect(within(row).getByText('Full report')).toBeTruthy();
    expect(within(row).getByText('rhea@example.com')).toBeTruthy();
    expect(within(row).getByText('$99.99')).toBeTruthy();
    expect(within(row).getByText('Completed')).toBeTruthy();
    expect(within(row).getByText('MED-2026-000002')).toBeTruthy();
    // The sale is not mixed into the consultations' table.
    expect(within(payments).queryByText('Rhea Buyer')).toBeNull();
  }, 20_000);

  it('names the sale in Spanish and Arabic', async () => {
    showIn('es');
    show();
    const sales = screen.getByRole('table', { name: 'Ventas de informes' });
    expect(await within(sales).findByText('Informe completo')).toBeTruthy();
    expect(within(sales).getByText('Venta de informe')).toBeTruthy();
    cleanup();
    showIn('ar');
    show();
    expect(await within(screen.getByRole('table', { name: 'مبيعات التقارير' })).findByText('تقرير كامل')).toBeTruthy();
  }, 20_000);
});
