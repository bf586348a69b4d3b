// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminUserRow } from '@common/schemas/admin';
import { createQueryClient } from '../../lib/query-client';
import { Toaster } from '../../ui/toaster';
import { pathOf, startServer } from '../../test-support/msw';
import { UsersTab } from './users-tab';
import { parseCreditAmount } from './wallet-credit-form';

const server = startServer();

const row = (id: number, over: Partial<AdminUserRow>): AdminUserRow => ({
  id: `00000000-0000-4000-8000-00000000000${id}`,
  firstName: 'Sam',
  lastName: `Lee${id}`,
  email: `sam${id}@example.com`,
  userType: 'patient',
  isActive: true,
  isVerified: true,
  createdAt: '2026-01-05T10:00:00Z',
  walletBalance: 1250,
  totalSpent: 0,
  ...over,
});

const PATIENT = row(1, { firstName: 'Pat', lastName: 'Jones' });
const ROWS = [
  PATIENT,
  row(2, { userType: 'doctor' }),
  row(3, { userType: 'admin' }),
  row(4, {
    firstName: 'Deleted',
    lastName: 'User',
    email: `deleted-${row(4, {}).id}@deleted.invalid`,
    isActive: false,
  }),
];

const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The users list answers with the current balance; each credit answers with `credits` in turn. */
function setup(credits: ((body: { amount: number }) => Response)[] = []) {
  let balance = PATIENT.walletBalance;
  const sent: unknown[] = [];
  server.use(
    http.all('*', async ({ request }) => {
      const url = pathOf(request);
      if (url.startsWith('/api/admin/users?')) {
        const items = ROWS.map((r) => (r.id === PATIENT.id ? { ...r, walletBalance: balance } : r));
        return reply(200, { items, total: items.length, totalCapped: false, page: 1, pageSize: 20 });
      }
      if (url === `/api/admin/users/${PATIENT.id}/wallet-credits` && request.method === 'POST') {
        const body = (await request.json()) as { amount: number };
        sent.push(body);
        const answer = credits[Math.min(sent.length - 1, credits.length - 1)](body);
        if (answer.ok) balance += body.amount;
        return answer;
      }
      return reply(404, { message: 'not found' });
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <UsersTab />
      <Toaster />
    </QueryClientProvider>,
  );
  return sent;
}

afterEach(cleanup);

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Credit wallet of Pat Jones' }));
  return screen.findByRole('dialog', { name: "Credit Pat Jones's wallet" });
}

describe('parseCreditAmount', () => {
  it('reads dollars and cents into whole cents', () => {
    expect(parseCreditAmount('25')).toEqual({ cents: 2500 });
    expect(parseCreditAmount(' 25.5 ')).toEqual({ cents: 2550 });
    expect(parseCreditAmount('$0.01')).toEqual({ cents: 1 });
    expect(parseCreditAmount('500.00')).toEqual({ cents: 50_000 });
    expect(parseCreditAmount('19.99')).toEqual({ cents: 1999 });
  });

  it('refuses what is not an amount, or is outside $0.01 to $500.00', () => {
    expect(parseCreditAmount('')).toEqual({ error: { key: 'admin.credit.amountMissing' } });
    for (const text of ['abc', '25.001', '-5', '1e3', '25,00', '12.'])
      expect(parseCreditAmount(text)).toEqual({ error: { key: 'admin.credit.amountFormat' } });
    expect(parseCreditAmount('0')).toEqual({ error: { key: 'admin.credit.amountMin', cents: 1 } });
    expect(parseCreditAmount('0.00')).toEqual({ error: { key: 'admin.credit.amountMin', cents: 1 } });
    expect(parseCreditAmount('500.01')).toEqual({ error: { key: 'admin.credit.amountMax', cents: 50_000 } });
  });
});

describe('Credit wallet in the users tab', () => {
  it('is offered for existing patients only', async () => {
    setup();
    await screen.findByText('Pat Jones');
    expect(screen.getAllByRole('button', { name: /^Credit wallet/ })).toHaveLength(1);
  });

  it('says what is wrong with each field and sends nothing until both are right', async () => {
    const user = userEvent.setup();
    const sent = setup([() => reply(200, {})]);
    const dialog = await openDialog(user);
    expect(dialog.textContent).toContain('sam1@example.com has $12.50 in their wallet');

    await user.click(within(dialog).getByRole('button', { name: 'Credit Wallet' }));
    const amount = within(dialog).getByLabelText('Amount in US dollars');
    const reason = within(dialog).getByLabelText('Reason');
    expect(amount).toHaveProperty('ariaInvalid', 'true');
    expect(within(dialog).getByText('Enter an amount')).toBeTruthy();
    expect(within(dialog).getByText('Enter a reason; the patient sees it beside the credit')).toBeTruthy();
    // The first wrong field takes the focus.
    expect(document.activeElement).toBe(amount);

    await user.type(amount, '600');
    // Pasted, not typed: 201 keystrokes took seconds on a busy machine.
    await user.click(reason);
    await user.paste('x'.repeat(201));
    await user.click(within(dialog).getByRole('button', { name: 'Credit Wallet' }));
    expect(within(dialog).getByText('The amount can be at most $500.00')).toBeTruthy();
    expect(within(dialog).getByText('Keep the reason to 200 characters (it has 201)')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('sends cents and the trimmed reason, then toasts and shows the new balance in the row', async () => {
    const user = userEvent.setup();
    const sent = setup([(body) => reply(200, { ...PATIENT, walletBalance: PATIENT.walletBalance + body.amount })]);
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Amount in US dollars'), '$25.5');
    await user.type(within(dialog).getByLabelText('Reason'), '  Sorry for the wait  ');
    await user.click(within(dialog).getByRole('button', { name: 'Credit Wallet' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([{ amount: 2550, reason: 'Sorry for the wait' }]);
    expect(await screen.findByText('Wallet Credited')).toBeTruthy();
    expect(screen.getByText("$25.50 added to Pat Jones's wallet. New balance: $38.")).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Pat Jones').closest('tr')?.textContent).toContain('Wallet $38'));
  });

  it("keeps the dialog open with the server's message when the credit is refused", async () => {
    const user = userEvent.setup();
    setup([() => reply(409, { message: 'Only an existing patient account has a wallet to credit.' })]);
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Amount in US dollars'), '10');
    await user.type(within(dialog).getByLabelText('Reason'), 'Goodwill');
    await user.click(within(dialog).getByRole('button', { name: 'Credit Wallet' }));

    const alert = await within(dialog).findByText('Only an existing patient account has a wallet to credit.');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(screen.getByText('Pat Jones').closest('tr')?.textContent).toContain('Wallet $12.50');
  });
});
