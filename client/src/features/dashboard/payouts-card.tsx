import { Landmark } from 'lucide-react';
import type { ClientMessageKey } from '@common/i18n/keys';
import type { Payout } from '@common/schemas/earnings';
import type { PayoutSummary } from '@common/schemas/receipts';
import { textsFor } from '../../lib/i18n/areas';
import { useFormats } from '../../lib/i18n/use-formats';
import { useWhen } from '../../lib/i18n/use-when';
import { Badge } from '../../ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { Skeleton } from '../../ui/spinner';

const useT = textsFor('dashboard');

/** Payout statuses: pending, paid, and anything else shown red as failed. */
function PayoutStatus({ status }: { status: string }) {
  const t = useT();
  if (status === 'pending') return <Badge variant="warning">{t('dashboard.payouts.status.pending')}</Badge>;
  if (status === 'paid') return <Badge variant="success">{t('dashboard.payouts.status.paid')}</Badge>;
  return <Badge variant="destructive">{t('dashboard.payouts.status.failed')}</Badge>;
}

/**
 * The ledger's figures (the same accounts the administrators' payouts move): owed and not yet
 * sent, of which requested; and sent.
 */
function LedgerTotals({ summary }: { summary: PayoutSummary | undefined }) {
  const t = useT();
  const { money } = useFormats();
  const rows: { label: ClientMessageKey; value: number | undefined; hint: ClientMessageKey }[] = [
    { label: 'dashboard.payouts.owed', value: summary?.owed, hint: 'dashboard.payouts.owedHint' },
    { label: 'dashboard.payouts.inPayout', value: summary?.inPayout, hint: 'dashboard.payouts.inPayoutHint' },
    { label: 'dashboard.payouts.paidOut', value: summary?.paidOut, hint: 'dashboard.payouts.paidOutHint' },
  ];
  return (
    <dl className="mb-4 grid grid-cols-3 gap-2">
      {rows.map((r) => (
        <div key={r.label} className="rounded-lg bg-surface p-2.5">
          <dt className="text-xs text-muted">{t(r.label)}</dt>
          <dd className="font-semibold text-ink">
            {r.value === undefined ? <Skeleton className="h-5 w-12" /> : money(r.value)}
          </dd>
          <dd className="text-[11px] text-muted">{t(r.hint)}</dd>
        </div>
      ))}
    </dl>
  );
}

export function PayoutsCard({
  payouts,
  summary,
  isLoading,
}: {
  payouts: Payout[] | undefined;
  summary?: PayoutSummary;
  isLoading: boolean;
}) {
  const t = useT();
  const dates = useWhen();
  const { money, ltr } = useFormats();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('dashboard.payouts.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <LedgerTotals summary={summary} />
        {isLoading ? (
          <Skeleton className="h-24 w-full" />
        ) : !payouts?.length ? (
          <div className="flex flex-col items-center gap-2 py-6 text-center text-sm text-muted">
            <Landmark className="h-7 w-7 text-slate-400" aria-hidden />
            <p>{t('dashboard.payouts.empty')}</p>
          </div>
        ) : (
          <ul className="flex flex-col divide-y divide-line" aria-label={t('dashboard.payouts.list')}>
            {payouts.map((p) => (
              <li key={p.id} className="flex items-center justify-between gap-3 py-2.5">
                <div>
                  <p className="font-medium text-ink">{money(p.amount)}</p>
                  <p className="text-xs text-muted">
                    {/* The doctor's own calendar (their account's zone), like the rest of the dashboard. */}
                    {p.bankAccount
                      ? t('dashboard.payouts.lineTo', {
                          date: dates.compactDate(p.requestedAt),
                          account: ltr(p.bankAccount),
                        })
                      : t('dashboard.payouts.line', { date: dates.compactDate(p.requestedAt) })}
                  </p>
                </div>
                <PayoutStatus status={p.status} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
