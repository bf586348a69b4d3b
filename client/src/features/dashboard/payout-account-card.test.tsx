// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { PayoutAccount } from '@common/schemas/receipts';
import { createQueryClient } from '../../lib/query-client';
import { Toaster } from '../../ui/toaster';
import { pathOf, startServer } from '../../test-support/msw';
import { PayoutAccountCard } from './payout-account-card';
import { PayoutsCard } from './payouts-card';

const server = startServer();

const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(stored: PayoutAccount | null) {
  const sent: unknown[] = [];
  let account = stored;
  server.use(
    http.all('*', async ({ request }) => {
      const url = pathOf(request);
      if (url === '/api/doctor/payout-account' && request.method === 'PUT') {
        const body = (await request.json()) as { holderName: string };
        sent.push(body);
        account = {
          kind: 'iban',
          country: 'DE',
          holderName: body.holderName,
          last4: '3000',
          updatedAt: '2026-11-26T10:00:00Z',
        };
        return reply(200, account);
      }
      if (url === '/api/doctor/payout-account') return reply(200, account);
      return reply(404, { message: 'not found' });
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PayoutAccountCard />
      <Toaster />
    </QueryClientProvider>,
  );
  return { sent };
}

afterEach(cleanup);

describe('PayoutAccountCard', () => {
  it('says what is wrong with a mistyped IBAN beside the field and sends nothing', async () => {
    const { sent } = setup(null);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Account holder'), 'Dana Okafor');
    await user.type(screen.getByLabelText('IBAN'), 'DE89 3704 0044 0532 0130 01');
    await user.click(screen.getByRole('button', { name: 'Save payout account' }));
    expect(await screen.findByText('This IBAN is not valid: check for a mistyped character')).toBeTruthy();
    expect(screen.getByLabelText('IBAN').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
  });

  it('saves a valid IBAN and then shows only its last four characters', async () => {
    const { sent } = setup(null);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Account holder'), 'Dana Okafor');
    await user.type(screen.getByLabelText('IBAN'), 'DE89 3704 0044 0532 0130 00');
    // Without the password the form says so beside the field and sends nothing (issue 37).
    await user.click(screen.getByRole('button', { name: 'Save payout account' }));
    expect(await screen.findByText('Password is required')).toBeTruthy();
    expect(sent).toEqual([]);
    await user.type(screen.getByLabelText('Your Medora password'), 'the doctor password');
    await user.click(screen.getByRole('button', { name: 'Save payout account' }));
    expect(await screen.findByText('IBAN (DE) ending 3000')).toBeTruthy();
    expect(sent).toEqual([expect.objectContaining({ password: 'the doctor password' })]);
    expect(document.body.textContent).not.toContain('0532');
  });

  it('asks for a routing and an account number for a US account', async () => {
    setup(null);
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Account type'), 'us_ach');
    await user.type(screen.getByLabelText('Routing number'), '021000022');
    await user.click(screen.getByRole('button', { name: 'Save payout account' }));
    expect(await screen.findByText('This routing number is not valid: check for a mistyped digit')).toBeTruthy();
    expect(screen.getByText('An account number has 4 to 17 digits')).toBeTruthy();
  });
});

describe('PayoutsCard', () => {
  it('shows the ledger’s owed, requested and paid amounts', () => {
    render(<PayoutsCard payouts={[]} summary={{ owed: 25500, inPayout: 12750, paidOut: 40000 }} isLoading={false} />);
    expect(screen.getByText('Owed to you').nextElementSibling?.textContent).toBe('$255');
    expect(screen.getByText('In requested payouts').nextElementSibling?.textContent).toBe('$127.50');
    expect(screen.getByText('Paid out').nextElementSibling?.textContent).toBe('$400');
  });
});
