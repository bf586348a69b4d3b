import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { errorMessage } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import { useWhen } from '../../lib/i18n/use-when';
import { useFormats } from '../../lib/i18n/use-formats';
import { Badge } from '../../ui/badge';
import { DialogActions, DialogFrame } from '../../ui/dialog-frame';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast-store';
import { usePaymentDetail, useRefund } from './api';
import { doctorTitle, paymentBadge, useCodeName } from './payment-status';
import { RefundConfirmDialog } from './refund-confirm-dialog';

const useT = textsFor('admin');

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-2 py-1 text-sm">
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 break-words text-ink">{children}</dd>
    </div>
  );
}

/** A payment's detail: parties, appointment, provider reference, refunds, and the refund button. */
export function PaymentDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const t = useT();
  const f = useFormats();
  const dates = useWhen();
  const code = useCodeName();
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
          title: t('admin.payment.refundedTitle'),
          description: t('admin.payment.refundedText', { amount: f.money(p.amount), patient: p.patient.name }),
          variant: 'success',
        });
      },
      onError: (e) =>
        toast({
          title: t('admin.error'),
          description: errorMessage(e, t('admin.payment.refundFailed')),
          variant: 'destructive',
        }),
    });
  };

  return (
    <Dialog.Root open={Boolean(id)} onOpenChange={(open) => !open && onClose()}>
      <DialogFrame
        title={t('admin.payment.details')}
        description={
          <span className="break-all" dir="ltr">
            {id}
          </span>
        }
        size="md"
      >
        {!p ? (
          detail.isError ? (
            <p role="alert" className="mt-4 text-danger">
              {errorMessage(detail.error, t('admin.payment.loadFailed'))}
            </p>
          ) : (
            <Spinner className="mx-auto mt-6 h-6 w-6" />
          )
        ) : (
          <>
            <dl className="mt-4 divide-y divide-line">
              <Row label={t('admin.payment.amount')}>
                {f.money(p.amount)} <span dir="ltr">{p.currency.toUpperCase()}</span>
              </Row>
              <Row label={t('admin.head.status')}>
                <Badge variant={paymentBadge(p.status).variant}>{t(paymentBadge(p.status).label)}</Badge>
              </Row>
              <Row label={t('admin.payment.patient')}>
                {p.patient.name} · <span dir="ltr">{p.patient.email}</span>
              </Row>
              <Row label={t('admin.payment.doctor')}>
                {p.doctor ? (
                  <>
                    {doctorTitle(p.doctor.name)} · <span dir="ltr">{p.doctor.email}</span>
                  </>
                ) : (
                  '—'
                )}
              </Row>
              <Row label={t('admin.payment.appointment')}>
                {p.appointment
                  ? [
                      dates.when(p.appointment.startsAt),
                      code(p.appointment.consultationType),
                      code(p.appointment.status),
                    ].join(' · ')
                  : code(p.purpose)}
              </Row>
              <Row label={t('admin.payment.doctorShare')}>
                {p.earning
                  ? t('admin.payment.share', {
                      net: f.money(p.earning.netEarnings),
                      status: code(p.earning.status),
                      fee: f.money(p.earning.platformCommission),
                    })
                  : '—'}
              </Row>
              <Row label={t('admin.payment.provider')}>
                <span dir="ltr" className="break-all">
                  {p.provider} · {p.providerIntentId}
                </span>
              </Row>
              <Row label={t('admin.payment.created')}>{dates.moment(p.createdAt)}</Row>
              <Row label={t('admin.payment.refunds')}>
                {p.refunds.length
                  ? p.refunds.map((r) => (
                      <span key={`${r.at}-${r.to ?? ''}`} className="block">
                        {r.to
                          ? t(r.to === 'wallet' ? 'admin.payment.refundToWallet' : 'admin.payment.refundToCard', {
                              amount: f.money(r.amount),
                            })
                          : f.money(r.amount)}{' '}
                        · {code(r.status)} · {dates.moment(r.at)}
                        {r.providerRefundId && (
                          <>
                            {' · '}
                            <span dir="ltr">{r.providerRefundId}</span>
                          </>
                        )}
                      </span>
                    ))
                  : t('admin.payment.none')}
              </Row>
            </dl>
            <DialogActions closeLabel={t('admin.close')} className="mt-5">
              {p.status === 'succeeded' && (
                <RefundConfirmDialog payment={p} pending={refund.isPending} onConfirm={doRefund} />
              )}
            </DialogActions>
          </>
        )}
        <Dialog.Close
          aria-label={t('admin.close')}
          className="absolute top-3 end-3 rounded p-1 text-muted hover:text-ink"
        >
          <X className="h-4 w-4" />
        </Dialog.Close>
      </DialogFrame>
    </Dialog.Root>
  );
}
