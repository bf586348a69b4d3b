import { Wallet } from 'lucide-react';
import { formatMoney } from '@common/rules/fees';
import type { Earning, EarningStats } from '@common/schemas/earnings';
import { Badge, type BadgeVariant } from '../../ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { Skeleton } from '../../ui/spinner';
import { RequestPayoutDialog } from './request-payout-dialog';
import { compactDate } from '@common/rules/display-time';

const STATUS: Record<Earning['status'], { label: string; variant: BadgeVariant }> = {
  available: { label: 'Available', variant: 'success' },
  pending: { label: 'Pending', variant: 'warning' },
  in_payout: { label: 'In payout', variant: 'secondary' },
  paid: { label: 'Paid', variant: 'outline' },
  reversed: { label: 'Refunded', variant: 'outline' },
};

// The doctor's own calendar (their account's zone), like the rest of the dashboard.
const date = (iso: string) => compactDate(iso);

export function EarningsCard({
  stats,
  earnings,
  isLoading,
}: {
  stats: EarningStats | undefined;
  earnings: Earning[] | undefined;
  isLoading: boolean;
}) {
  const totals = [
    { label: 'Total', value: stats?.totalEarnings },
    { label: 'Pending', value: stats?.pendingEarnings },
    { label: 'Available', value: stats?.availableEarnings, highlight: true },
    { label: 'Paid out', value: stats ? stats.paidEarnings + stats.inPayoutEarnings : undefined },
  ];
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-3">
        <CardTitle>Earnings</CardTitle>
        {/* Request Payout shows only when there is something available to pay out. */}
        {stats && stats.availableEarnings > 0 && (
          <RequestPayoutDialog available={stats.availableEarnings} accountLast4={stats.payoutAccountLast4} />
        )}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {totals.map((t) => (
            <div
              key={t.label}
              className={t.highlight ? 'rounded-lg bg-green-50 p-3 ring-1 ring-green-200' : 'rounded-lg bg-surface p-3'}
            >
              <dt className="text-xs text-muted">{t.label}</dt>
              <dd className="text-lg font-semibold text-ink">
                {t.value === undefined ? <Skeleton className="h-6 w-16" /> : formatMoney(t.value)}
              </dd>
            </div>
          ))}
        </dl>
        <h3 className="text-sm font-semibold text-ink">Recent earnings</h3>
        {isLoading ? (
          <Skeleton className="h-24 w-full" />
        ) : !earnings?.length ? (
          <div className="flex flex-col items-center gap-2 py-6 text-center text-sm text-muted">
            <Wallet className="h-7 w-7 text-slate-400" aria-hidden />
            <p>No earnings yet. Complete consultations to start earning!</p>
          </div>
        ) : (
          <ul className="flex flex-col divide-y divide-line" aria-label="Recent earnings">
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
                  <p className="font-medium text-ink">{formatMoney(e.netEarnings)}</p>
                  <p className="text-xs text-muted">
                    {date(e.earnedAt)} · {formatMoney(e.grossAmount)} fee − {formatMoney(e.platformCommission)}{' '}
                    commission
                  </p>
                </div>
                <Badge variant={STATUS[e.status].variant}>{STATUS[e.status].label}</Badge>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
