import { Wallet } from 'lucide-react';
import type { ClientMessageKey } from '@common/i18n/keys';
import type { Earning, EarningStats } from '@common/schemas/earnings';
import { textsFor } from '../../lib/i18n/areas';
import { useFormats } from '../../lib/i18n/use-formats';
import { useWhen } from '../../lib/i18n/use-when';
import { Badge, type BadgeVariant } from '../../ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { Skeleton } from '../../ui/spinner';
import { RequestPayoutDialog } from './request-payout-dialog';

const useT = textsFor('dashboard');

const STATUS: Record<Earning['status'], { label: ClientMessageKey; variant: BadgeVariant }> = {
  available: { label: 'dashboard.earnings.status.available', variant: 'success' },
  pending: { label: 'dashboard.earnings.status.pending', variant: 'warning' },
  in_payout: { label: 'dashboard.earnings.status.inPayout', variant: 'secondary' },
  paid: { label: 'dashboard.earnings.status.paid', variant: 'outline' },
  reversed: { label: 'dashboard.earnings.status.reversed', variant: 'outline' },
};

export function EarningsCard({
  stats,
  paidOut,
  earnings,
  isLoading,
}: {
  stats: EarningStats | undefined;
  /** What the ledger has sent to the bank: the figure Payout History shows as "Paid out". */
  paidOut: number | undefined;
  earnings: Earning[] | undefined;
  isLoading: boolean;
}) {
  const t = useT();
  const dates = useWhen();
  const { money } = useFormats();
  const totals: { label: ClientMessageKey; value: number | undefined; highlight?: boolean }[] = [
    { label: 'dashboard.earnings.total', value: stats?.totalEarnings },
    { label: 'dashboard.earnings.status.pending', value: stats?.pendingEarnings },
    { label: 'dashboard.earnings.status.available', value: stats?.availableEarnings, highlight: true },
    // From the ledger, as Payout History reads it: a payout only requested is not yet paid out.
    { label: 'dashboard.earnings.paidOut', value: paidOut },
  ];
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-3">
        <CardTitle>{t('dashboard.earnings.title')}</CardTitle>
        {/* Request Payout shows only when there is something available to pay out. */}
        {stats && stats.availableEarnings > 0 && (
          <RequestPayoutDialog available={stats.availableEarnings} accountLast4={stats.payoutAccountLast4} />
        )}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {totals.map((total) => (
            <div
              key={total.label}
              className={
                total.highlight ? 'rounded-lg bg-green-50 p-3 ring-1 ring-green-200' : 'rounded-lg bg-surface p-3'
              }
            >
              <dt className="text-xs text-muted">{t(total.label)}</dt>
              <dd className="text-lg font-semibold text-ink">
                {total.value === undefined ? <Skeleton className="h-6 w-16" /> : money(total.value)}
              </dd>
            </div>
          ))}
        </dl>
        <h3 className="text-sm font-semibold text-ink">{t('dashboard.earnings.recent')}</h3>
        {isLoading ? (
          <Skeleton className="h-24 w-full" />
        ) : !earnings?.length ? (
          <div className="flex flex-col items-center gap-2 py-6 text-center text-sm text-muted">
            <Wallet className="h-7 w-7 text-slate-400" aria-hidden />
            <p>{t('dashboard.earnings.empty')}</p>
          </div>
        ) : (
          <ul className="flex flex-col divide-y divide-line" aria-label={t('dashboard.earnings.recent')}>
            {earnings.map((e) => (
              <li
                key={e.id}
                className={
                  e.status === 'available'
                    ? '-mx-2 flex items-center justify-between gap-3 rounded-lg bg-green-50 px-2 py-2.5'
                    : 'flex items-center justify-between gap-3 py-2.5'
                }
              >
                <div>
                  <p className="font-medium text-ink">{money(e.netEarnings)}</p>
                  {e.visit && (
                    <p className="text-sm text-ink">
                      {t('dashboard.earnings.visit', {
                        patient: e.visit.patientName,
                        date: dates.compactDate(e.visit.startsAt),
                      })}
                    </p>
                  )}
                  <p className="text-xs text-muted">
                    {t('dashboard.earnings.line', {
                      // The doctor's own calendar (their account's zone), like the rest of the dashboard.
                      date: dates.compactDate(e.earnedAt),
                      fee: money(e.grossAmount),
                      commission: money(e.platformCommission),
                    })}
                  </p>
                </div>
                <Badge variant={STATUS[e.status].variant}>{t(STATUS[e.status].label)}</Badge>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
