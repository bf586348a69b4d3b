import { Landmark } from 'lucide-react';
import { formatMoney } from '@common/rules/fees';
import type { Payout } from '@common/schemas/earnings';
import { Badge } from '../../ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { Skeleton } from '../../ui/spinner';

const date = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** Payout statuses: pending, paid, and anything else shown red as failed. */
function PayoutStatus({ status }: { status: string }) {
  if (status === 'pending') return <Badge variant="warning">Pending</Badge>;
  if (status === 'paid') return <Badge variant="success">Paid</Badge>;
  return <Badge variant="destructive">Failed</Badge>;
}

export function PayoutsCard({ payouts, isLoading }: { payouts: Payout[] | undefined; isLoading: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Payout History</CardTitle>
      </CardHeader>
      <CardContent>
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
