import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { formatMoney } from '@common/rules/fees';
import { errorMessage } from '../../lib/api';
import { Badge } from '../../ui/badge';
import { DialogActions, DialogFrame } from '../../ui/dialog-frame';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast-store';
import { usePaymentDetail, useRefund } from './api';
import { paymentBadge } from './payment-status';
import { RefundConfirmDialog } from './refund-confirm-dialog';
import { momentText, whenText } from '@common/rules/display-time';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-2 py-1 text-sm">
      <dt className="text-muted">{label}</dt>
      <dd className="break-all text-ink">{children}</dd>
    </div>
  );
}

/** A payment's detail: parties, appointment, provider reference, refunds, and the refund button. */
export function PaymentDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const detail = usePaymentDetail(id);
  const refund = useRefund();
  const p = detail.data;

  const doRefund = (done: () => void) => {
    if (!p) return;
    refund.mutate(p.id, {
      onSettled: done,
      onSuccess: () => {
        void detail.refetch();
        toast({
          title: 'Payment Refunded',
          description: `${formatMoney(p.amount)} is being returned to ${p.patient.name}.`,
          variant: 'success',
        });
      },
      onError: (e) =>
        toast({ title: 'Error', description: errorMessage(e, 'Failed to refund payment'), variant: 'destructive' }),
    });
  };

  return (
    <Dialog.Root open={Boolean(id)} onOpenChange={(open) => !open && onClose()}>
      <DialogFrame title="Payment details" description={<span className="break-all">{id}</span>} size="md">
        {!p ? (
          detail.isError ? (
            <p role="alert" className="mt-4 text-danger">
              {errorMessage(detail.error, 'Failed to load payment.')}
            </p>
          ) : (
            <Spinner className="mx-auto mt-6 h-6 w-6" />
          )
        ) : (
          <>
            <dl className="mt-4 divide-y divide-line">
              <Row label="Amount">
                {formatMoney(p.amount)} {p.currency.toUpperCase()}
              </Row>
              <Row label="Status">
                <Badge variant={paymentBadge(p.status).variant}>{paymentBadge(p.status).label}</Badge>
              </Row>
              <Row label="Patient">
                {p.patient.name} · {p.patient.email}
              </Row>
              <Row label="Doctor">{p.doctor ? `Dr. ${p.doctor.name} · ${p.doctor.email}` : '—'}</Row>
              <Row label="Appointment">
                {p.appointment
                  ? `${whenText(p.appointment.startsAt)} · ${p.appointment.consultationType} · ${p.appointment.status}`
                  : p.purpose}
              </Row>
              <Row label="Doctor's share">
                {p.earning
                  ? `${formatMoney(p.earning.netEarnings)} (${p.earning.status}); fee ${formatMoney(p.earning.platformCommission)}`
                  : '—'}
              </Row>
              <Row label="Provider">
                {p.provider} · {p.providerIntentId}
              </Row>
              <Row label="Created">{momentText(p.createdAt)}</Row>
              <Row label="Refunds">
                {p.refunds.length
                  ? p.refunds.map((r) => (
                      <span key={r.at} className="block">
                        {formatMoney(r.amount)} · {r.status} · {momentText(r.at)}
                        {r.providerRefundId ? ` · ${r.providerRefundId}` : ''}
                      </span>
                    ))
                  : 'None'}
              </Row>
            </dl>
            <DialogActions closeLabel="Close" className="mt-5">
              {p.status === 'succeeded' && (
                <RefundConfirmDialog payment={p} pending={refund.isPending} onConfirm={doRefund} />
              )}
            </DialogActions>
          </>
        )}
        <Dialog.Close aria-label="Close" className="absolute top-3 end-3 rounded p-1 text-muted hover:text-ink">
          <X className="h-4 w-4" />
        </Dialog.Close>
      </DialogFrame>
    </Dialog.Root>
  );
}
