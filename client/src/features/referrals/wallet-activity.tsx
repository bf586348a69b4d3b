import { Wallet as WalletIcon } from 'lucide-react';
import { useState } from 'react';
import type { WalletReason } from '@common/constants/wallet';
import type { ClientMessageKey } from '@common/i18n/keys';
import { localTimeZone } from '@common/rules/display-time';
import type { Wallet } from '@common/schemas/referrals';
import { cn } from '../../lib/cn';
import { textsFor } from '../../lib/i18n/areas';
import { useFormats } from '../../lib/i18n/use-formats';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { EmptyState } from '../../ui/page';
import { Skeleton } from '../../ui/spinner';
import { useWallet } from './api';

type Entry = Wallet['entries'][number];

const useT = textsFor('referrals');

const REASON_LABEL: Record<WalletReason, ClientMessageKey> = {
  referral_reward: 'referrals.wallet.reason.reward',
  payment: 'referrals.wallet.reason.payment',
  payment_refund: 'referrals.wallet.reason.refund',
  goodwill_credit: 'referrals.wallet.reason.goodwill',
  referral_reversal: 'referrals.wallet.reason.reversal',
};

/** What a wallet line is, in the patient's words; a reason this client does not know yet still reads plainly. */
export const walletEntryLabel = (reason: string): ClientMessageKey =>
  REASON_LABEL[reason as WalletReason] ?? 'referrals.wallet.reason.other';

/** "+$25" or "−$12.50": the sign says which way the money went (the amount stays one left-to-right run). */
export const signedMoney = (cents: number, money: (cents: number) => string) =>
  `${cents < 0 ? '−' : '+'}${money(Math.abs(cents))}`;

/** How many lines show before "Show all"; the wallet keeps every line. */
const FIRST_LINES = 10;

/** The wallet's lines, newest first: what moved it, when, by how much, and what it left. */
export function WalletActivityCard() {
  const wallet = useWallet();
  const [showAll, setShowAll] = useState(false);
  const entries = wallet.data?.entries ?? [];
  const shown = showAll ? entries : entries.slice(0, FIRST_LINES);
  const t = useT();

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('referrals.wallet.title')}</CardTitle>
        <CardDescription>{t('referrals.wallet.text')}</CardDescription>
      </CardHeader>
      <CardContent>
        {wallet.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : wallet.isError ? (
          <div role="alert" className="flex flex-wrap items-center justify-between gap-3 text-sm text-danger">
            {t('referrals.wallet.loadError')}
            <Button variant="outline" size="sm" onClick={() => void wallet.refetch()}>
              {t('referrals.tryAgain')}
            </Button>
          </div>
        ) : entries.length === 0 ? (
          <EmptyState icon={<WalletIcon className="h-8 w-8" aria-hidden />} title={t('referrals.wallet.empty')}>
            <p className="text-sm text-muted">{t('referrals.wallet.emptyText')}</p>
          </EmptyState>
        ) : (
          <>
            <ul className="divide-y divide-line" aria-label={t('referrals.wallet.list')}>
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
                {showAll ? t('referrals.wallet.fewer') : t('referrals.wallet.all', { count: entries.length })}
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
  const t = useT();
  const f = useFormats();
  const dateOf = (at: string) => f.date(at, 'long', localTimeZone());
  return (
    <li className="flex items-start justify-between gap-4 py-3" data-testid="wallet-entry">
      <div className="min-w-0">
        <p className="font-medium text-ink">{t(walletEntryLabel(e.reason))}</p>
        {e.memo && <p className="text-sm break-words text-ink">“{e.memo}”</p>}
        <p className="text-xs text-muted">
          <time dateTime={e.createdAt}>{dateOf(e.createdAt)}</time>
        </p>
      </div>
      <div className="shrink-0 text-end">
        <p className={cn('font-semibold tabular-nums', credit ? 'text-green-700' : 'text-ink')}>
          {signedMoney(e.amount, f.money)}
        </p>
        <p className="text-xs text-muted tabular-nums">
          {t('referrals.wallet.balance', { amount: f.money(e.balanceAfter) })}
        </p>
      </div>
    </li>
  );
}
