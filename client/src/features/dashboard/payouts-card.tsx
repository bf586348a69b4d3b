import { Landmark } from 'lucide-react';
import { formatMoney } from '@common/rules/fees';
import type { Payout } from '@common/schemas/earnings';
import type { PayoutSummary } from '@common/schemas/receipts';
import { Badge } from '../../ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { Skeleton } from '../../ui/spinner';
import { compactDate } from '@common/rules/display-time';

// The doctor's own calendar (their account's zone), like the rest of the dashboard.
const date = (iso: string) => compactDate(iso);

/** Payout statuses: pending, paid, and anything else shown red as failed. */
function PayoutStatus({ status }: { status: string }) {
  if (status === 'pending') return <Badge variant="warning">Pending</Badge>;
  if (status === 'paid') return <Badge variant="success">Paid</Badge>;
  return <Badge variant="destructive">Failed</Badge>;
}

/**
 * The ledger's figures (the same accounts the administrators' payouts move): owed and not yet
 * sent, of which requested; and sent.
 */
function LedgerTotals({ summary }: { summary: PayoutSummary | undefined }) {
  const rows = [
    { label: 'Owed to you', value: summary?.owed, hint: 'earned, not yet sent' },
    { label: 'In requested payouts', value: summary?.inPayout, hint: 'pending transfer' },
    { label: 'Paid out', value: summary?.paidOut, hint: 'sent to your bank' },
  ];
  return (
    <dl className="mb-4 grid grid-cols-3 gap-2">
      {rows.map((r) => (
        <div key={r.label} className="rounded-lg bg-surface p-2.5">
          <dt className="text-xs text-muted">{r.label}</dt>
          <dd className="font-semibold text-ink">
            {r.value === undefined ? <Skeleton className="h-5 w-12" /> : formatMoney(r.value)}
          </dd>
          <dd className="text-[11px] text-muted">{r.hint}</dd>
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
  return (
    <Card>
      <CardHeader>
        <CardTitle>Payout History</CardTitle>
      </CardHeader>
      <CardContent>
        <LedgerTotals summary={summary} />
        {isLoading ? (
          <Skeleton className="h-24 w-full" />
        ) : !payouts?.length ? (
          <div className="flex flex-col items-center gap-2 py-6 text-center text-sm text-muted">
            <Landmark className="h-7 w-7 text-slate-400" aria-hidden />
            <p>No payouts requested yet.</p>
          </div>
        ) : (
          <ul className="flex flex-col divide-y divide-line" aria-label="Payouts">
            {payouts.map((p) => (
              <li key={p.id} className="flex items-center justify-between gap-3 py-2.5">
                <div>
                  <p className="font-medium text-ink">{formatMoney(p.amount)}</p>
                  <p className="text-xs text-muted">
                    {date(p.requestedAt)} · Bank transfer{p.bankAccount ? ` to ${p.bankAccount}` : ''}
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
