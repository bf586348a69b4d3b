import { Wallet as WalletIcon } from 'lucide-react';
import { useState } from 'react';
import type { WalletReason } from '@common/constants/wallet';
import { localTimeZone, longDate } from '@common/rules/display-time';
import { formatMoney } from '@common/rules/fees';
import type { Wallet } from '@common/schemas/referrals';
import { cn } from '../../lib/cn';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { EmptyState } from '../../ui/page';
import { Skeleton } from '../../ui/spinner';
import { useWallet } from './api';

type Entry = Wallet['entries'][number];

const REASON_LABEL: Record<WalletReason, string> = {
  referral_reward: 'Referral reward',
  payment: 'Paid toward a consultation',
  payment_refund: 'Refund to your wallet',
  goodwill_credit: 'Credit from Medora',
  referral_reversal: 'Referral reward taken back (the consultation was refunded)',
};

/** What a wallet line is, in the patient's words; a reason this client does not know yet still reads plainly. */
export const walletEntryLabel = (reason: string) => REASON_LABEL[reason as WalletReason] ?? 'Wallet adjustment';

/** "+$25" or "−$12.50": the sign says which way the money went. */
export const signedMoney = (cents: number) => `${cents < 0 ? '−' : '+'}${formatMoney(Math.abs(cents))}`;

/** How many lines show before "Show all"; the wallet keeps every line. */
const FIRST_LINES = 10;

/** The wallet's lines, newest first: what moved it, when, by how much, and what it left. */
export function WalletActivityCard() {
  const wallet = useWallet();
  const [showAll, setShowAll] = useState(false);
  const entries = wallet.data?.entries ?? [];
  const shown = showAll ? entries : entries.slice(0, FIRST_LINES);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Wallet Activity</CardTitle>
        <CardDescription>Every credit and payment of your wallet, newest first.</CardDescription>
      </CardHeader>
      <CardContent>
        {wallet.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : wallet.isError ? (
          <div role="alert" className="flex flex-wrap items-center justify-between gap-3 text-sm text-danger">
            Your wallet activity could not be loaded.
            <Button variant="outline" size="sm" onClick={() => void wallet.refetch()}>
              Try again
            </Button>
          </div>
        ) : entries.length === 0 ? (
          <EmptyState icon={<WalletIcon className="h-8 w-8" aria-hidden />} title="No wallet activity yet.">
            <p className="text-sm text-muted">Referral rewards and wallet payments will show here.</p>
          </EmptyState>
        ) : (
          <>
            <ul className="divide-y divide-line" aria-label="Wallet activity">
              {shown.map((e) => (
                <WalletLine key={e.id} entry={e} />
              ))}
            </ul>
            {entries.length > FIRST_LINES && (
              <Button
                variant="ghost"
                size="sm"
                className="mt-2"
                aria-expanded={showAll}
                onClick={() => setShowAll((v) => !v)}
              >
                {showAll ? 'Show fewer' : `Show all ${entries.length} entries`}
              </Button>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function WalletLine({ entry: e }: { entry: Entry }) {
  const credit = e.amount >= 0;
  return (
    <li className="flex items-start justify-between gap-4 py-3" data-testid="wallet-entry">
      <div className="min-w-0">
        <p className="font-medium text-ink">{walletEntryLabel(e.reason)}</p>
        {e.memo && <p className="text-sm break-words text-ink">“{e.memo}”</p>}
        <p className="text-xs text-muted">
          <time dateTime={e.createdAt}>{longDate(e.createdAt, localTimeZone())}</time>
        </p>
      </div>
      <div className="shrink-0 text-end">
        <p className={cn('font-semibold tabular-nums', credit ? 'text-green-700' : 'text-ink')}>
          {signedMoney(e.amount)}
        </p>
        <p className="text-xs text-muted tabular-nums">Balance {formatMoney(e.balanceAfter)}</p>
      </div>
    </li>
  );
}
