import { useState } from 'react';
import type { AdminDispute } from '@common/schemas/disputes';
import { errorMessage } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import { useWhen } from '../../lib/i18n/use-when';
import { useFormats } from '../../lib/i18n/use-formats';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { TYPE_LABEL } from '../../ui/consultation-type-labels';
import { toast } from '../../ui/toast-store';
import { useOpenDisputes, useResolveDispute } from './disputes-api';
import { ErrorRow } from './error-row';
import { Loading, Table, TableMessage } from './list-controls';

const useT = textsFor('admin', 'ui');

const HEAD = [
  'admin.payment.patient',
  'admin.payment.doctor',
  'admin.disputes.head.visit',
  'admin.disputes.head.reason',
  'admin.payment.amount',
  'admin.head.actions',
] as const;

type Decision = { dispute: AdminDispute; outcome: 'refund' | 'release' };

/**
 * Disputed visit outcomes (decision 073): a patient said the doctor's "done" or "no-show" is wrong,
 * and the doctor's share waits here until an administrator refunds the patient or releases the
 * share. Each decision is confirmed first; a second administrator's answer to the same dispute is
 * refused by the server (409) and shown as such.
 */
export function DisputesTab() {
  const t = useT();
  const f = useFormats();
  const dates = useWhen();
  const list = useOpenDisputes();
  const resolve = useResolveDispute();
  const [asked, setAsked] = useState<Decision | null>(null);

  const names = (d: AdminDispute) => ({
    patient: d.patient.name,
    doctor: d.doctor.name,
    amount: d.amount === null ? t('admin.payment.none') : f.money(d.amount),
  });

  const decide = ({ dispute, outcome }: Decision) =>
    resolve.mutate(
      { id: dispute.id, body: { outcome } },
      {
        onSuccess: () =>
          toast({
            title: t(outcome === 'refund' ? 'admin.disputes.refunded' : 'admin.disputes.released'),
            description: t(
              outcome === 'refund' ? 'admin.disputes.refundedText' : 'admin.disputes.releasedText',
              names(dispute),
            ),
            variant: 'success',
          }),
        onError: (e) =>
          toast({
            title: t('admin.error'),
            description: errorMessage(e, t('admin.disputes.failed')),
            variant: 'destructive',
          }),
      },
    );

  return (
    <section aria-label={t('admin.tabs.disputes')} className="flex flex-col gap-3">
      <p className="text-sm text-muted">{t('admin.disputes.intro')}</p>
      <Table caption={t('admin.disputes.caption')} head={HEAD.map((h) => t(h))}>
        {list.isPending ? (
          <Loading columns={HEAD.length} />
        ) : list.isError ? (
          <ErrorRow columns={HEAD.length} error={list.error} />
        ) : list.data.length === 0 ? (
          <TableMessage columns={HEAD.length}>{t('admin.disputes.empty')}</TableMessage>
        ) : (
          list.data.map((d) => (
            <tr key={d.id}>
              <td className="px-3 py-2">
                <div className="font-medium text-ink">{d.patient.name}</div>
                <div className="text-xs text-muted" dir="ltr">
                  {d.patient.email}
                </div>
              </td>
              <td className="px-3 py-2">{d.doctor.name}</td>
              <td className="px-3 py-2">
                <div>
                  {t(TYPE_LABEL[d.consultationType])}, {dates.compactDate(d.startsAt)}
                </div>
                <div className="text-xs text-muted">
                  {t(d.outcome === 'no-show' ? 'admin.disputes.markedNoShow' : 'admin.disputes.markedDone')}
                </div>
              </td>
              <td className="max-w-xs px-3 py-2 break-words whitespace-pre-line">
                {d.disputeReason}
                {d.disputedAt && (
                  <div className="text-xs text-muted">
                    {t('admin.disputes.disputedAt', { when: dates.compactDate(d.disputedAt) })}
                  </div>
                )}
              </td>
              <td className="px-3 py-2">{d.amount === null ? t('admin.payment.none') : f.money(d.amount)}</td>
              <td className="px-3 py-2">
                <div className="flex gap-2">
                  <Button
                    size="sm"
                    variant="destructive"
                    disabled={resolve.isPending}
                    onClick={() => setAsked({ dispute: d, outcome: 'refund' })}
                  >
                    {t('admin.disputes.refund')}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={resolve.isPending}
                    onClick={() => setAsked({ dispute: d, outcome: 'release' })}
                  >
                    {t('admin.disputes.release')}
                  </Button>
                </div>
              </td>
            </tr>
          ))
        )}
      </Table>
      {asked && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setAsked(null)}
          title={t(asked.outcome === 'refund' ? 'admin.disputes.refundTitle' : 'admin.disputes.releaseTitle')}
          description={t(
            asked.outcome === 'refund' ? 'admin.disputes.refundConfirmText' : 'admin.disputes.releaseConfirmText',
            names(asked.dispute),
          )}
          confirmLabel={t(asked.outcome === 'refund' ? 'admin.disputes.refund' : 'admin.disputes.release')}
          destructive={asked.outcome === 'refund'}
          onConfirm={() => decide(asked)}
        />
      )}
    </section>
  );
}
