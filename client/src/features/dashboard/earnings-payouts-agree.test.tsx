// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Earning, EarningStats } from '@common/schemas/earnings';
import type { PayoutSummary } from '@common/schemas/receipts';
import { setViewer } from '@common/rules/display-time';
import { showIn } from '../../test-support/language';
import { EarningsCard } from './earnings-card';
import { PayoutsCard } from './payouts-card';

// A payout of $102 requested and not yet sent: the earning is "in payout", nothing has reached the bank.
const stats: EarningStats = {
  totalEarnings: 10200,
  pendingEarnings: 0,
  availableEarnings: 0,
  inPayoutEarnings: 10200,
  paidEarnings: 0,
  payoutAccountLast4: '3000',
};
const summary: PayoutSummary = { owed: 10200, inPayout: 10200, paidOut: 0 };
const earning: Earning = {
  id: '00000000-0000-4000-8000-0000000000e1',
  appointmentId: '00000000-0000-4000-8000-0000000000a1',
  status: 'in_payout',
  netEarnings: 10200,
  grossAmount: 12000,
  platformCommission: 1800,
  earnedAt: '2026-11-16T12:00:00Z',
  visit: { patientName: 'Lina Haddad', startsAt: '2026-11-18T09:00:00Z' },
};

/** The figure in the tile a card labels "Paid out". */
const paidOutIn = (card: HTMLElement) => within(card).getByText('Paid out').nextElementSibling?.textContent;

beforeAll(() => {
  showIn('en');
  setViewer({ timeZone: 'UTC' });
});
afterEach(cleanup);

describe('the doctor’s earnings and payouts', () => {
  it('say the same "Paid out": what the ledger sent, not what is only requested', () => {
    const { container: earnings } = render(
      <EarningsCard stats={stats} paidOut={summary.paidOut} earnings={[earning]} isLoading={false} />,
    );
    const { container: payouts } = render(<PayoutsCard payouts={[]} summary={summary} isLoading={false} />);
    expect(paidOutIn(earnings)).toBe('$0');
    expect(paidOutIn(payouts)).toBe(paidOutIn(earnings));
  });

  it('names the visit on each earning line', () => {
    render(<EarningsCard stats={stats} paidOut={0} earnings={[earning]} isLoading={false} />);
    expect(screen.getByText('Visit with Lina Haddad on Nov 18, 2026')).toBeTruthy();
  });
});
