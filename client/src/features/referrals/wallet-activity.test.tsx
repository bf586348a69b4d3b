// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { Wallet } from '@common/schemas/referrals';
import { createQueryClient } from '../../lib/query-client';
import { pathOf, startServer } from '../../test-support/msw';
import { WalletActivityCard } from './wallet-activity';

const server = startServer();

type Entry = Wallet['entries'][number];
const entry = (id: number, over: Partial<Entry>): Entry => ({
  id,
  amount: 2500,
  balanceAfter: 2500,
  reason: 'referral_reward',
  memo: null,
  createdAt: '2026-03-08T21:14:00Z',
  ...over,
});

/** `answer` is the reply to GET /api/wallet, or a never-ending request when null. */
function setup(answer: Response | null) {
  server.use(
    http.all('*', async ({ request }) => {
      const url = pathOf(request);
      if (url !== '/api/wallet') return new Response('{}', { status: 404 });
      return answer ?? new Promise<Response>(() => {});
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <WalletActivityCard />
    </QueryClientProvider>,
  );
}
const wallet = (entries: Entry[]) =>
  new Response(JSON.stringify({ balance: entries[0]?.balanceAfter ?? 0, entries }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

afterEach(cleanup);

const lines = () =>
  screen.getAllByTestId('wallet-entry').map((li) =>
    Array.from(li.querySelectorAll('p'))
      .map((p) => p.textContent)
      .join(' | '),
  );

describe('WalletActivityCard', () => {
  it('labels every kind of line plainly, with its date, signed amount and the balance it left', async () => {
    setup(
      wallet([
        entry(6, { reason: 'referral_reversal', amount: -2500, balanceAfter: 0, createdAt: '2026-03-12T09:00:00Z' }),
        entry(5, { reason: 'payment_refund', amount: 1250, balanceAfter: 2500, createdAt: '2026-03-11T09:00:00Z' }),
        entry(4, { reason: 'payment', amount: -1250, balanceAfter: 1250, createdAt: '2026-03-10T09:00:00Z' }),
        entry(3, {
          reason: 'goodwill_credit',
          amount: 1999,
          balanceAfter: 2500,
          memo: 'Sorry for the long wait',
          createdAt: '2026-03-09T23:59:00Z',
        }),
        entry(2, { reason: 'referral_reward', amount: 501, balanceAfter: 501 }),
        entry(1, { reason: 'something_new', amount: 0, balanceAfter: 0, createdAt: '2025-12-31T12:00:00Z' }),
      ]),
    );
    await screen.findByRole('list', { name: 'Wallet activity' });
    expect(lines()).toEqual([
      'Referral reward taken back (the consultation was refunded) | Thursday, March 12, 2026 | −$25 | Balance $0',
      'Refund to your wallet | Wednesday, March 11, 2026 | +$12.50 | Balance $25',
      'Paid toward a consultation | Tuesday, March 10, 2026 | −$12.50 | Balance $12.50',
      'Credit from Medora | “Sorry for the long wait” | Monday, March 9, 2026 | +$19.99 | Balance $25',
      'Referral reward | Sunday, March 8, 2026 | +$5.01 | Balance $5.01',
      'Wallet adjustment | Wednesday, December 31, 2025 | +$0 | Balance $0',
    ]);
    // The date is the viewer's (TZ=UTC here), and machine-readable.
    expect(screen.getAllByTestId('wallet-entry')[3].querySelector('time')?.getAttribute('dateTime')).toBe(
      '2026-03-09T23:59:00Z',
    );
  });

  it('says so when the wallet has never moved', async () => {
    setup(wallet([]));
    expect(await screen.findByText('No wallet activity yet.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows a placeholder while loading, and a way to retry when loading fails', async () => {
    setup(null);
    expect(screen.getByRole('heading', { name: 'Wallet Activity' })).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByText('No wallet activity yet.')).toBeNull();
    cleanup();

    setup(new Response('{"message":"boom"}', { status: 500 }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your wallet activity could not be loaded.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('shows the latest ten lines first and the rest on request', async () => {
    const user = userEvent.setup();
    setup(wallet(Array.from({ length: 12 }, (_, i) => entry(12 - i, {}))));
    await screen.findByRole('list', { name: 'Wallet activity' });
    expect(screen.getAllByTestId('wallet-entry')).toHaveLength(10);
    const more = screen.getByRole('button', { name: 'Show all 12 entries' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    await user.click(more);
    expect(screen.getAllByTestId('wallet-entry')).toHaveLength(12);
    expect(screen.getByRole('button', { name: 'Show fewer' }).getAttribute('aria-expanded')).toBe('true');
  });
});
