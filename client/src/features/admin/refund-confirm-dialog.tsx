import { Dialog } from 'radix-ui';
import { useState } from 'react';
import type { AdminPaymentDetail } from '@common/schemas/admin';
import { textsFor } from '../../lib/i18n/areas';
import { useWhen } from '../../lib/i18n/use-when';
import { useFormats } from '../../lib/i18n/use-formats';
import { Button } from '../../ui/button';
import { DialogActions, DialogFrame } from '../../ui/dialog-frame';
import { useCodeName } from './payment-status';
import { refundConsequence } from './refund-text';

const useT = textsFor('admin');

/** Asks once before a console refund, in the product's own dialog, saying what the refund will do. */
export function RefundConfirmDialog({
  payment,
  pending,
  onConfirm,
}: {
  payment: AdminPaymentDetail;
  pending: boolean;
  onConfirm: (done: () => void) => void;
}) {
  const t = useT();
  const f = useFormats();
  const dates = useWhen();
  const status = useCodeName();
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="destructive">{t('admin.refund.button')}</Button>
      </Dialog.Trigger>
      <DialogFrame
        title={t('admin.refund.title')}
        description={refundConsequence(payment, { t, money: f.money, when: dates.when, status })}
      >
        <DialogActions closeLabel={t('admin.refund.keep')} disabled={pending} className="mt-6">
          <Button variant="destructive" onClick={() => onConfirm(() => setOpen(false))} disabled={pending}>
            {t(pending ? 'admin.refund.refunding' : 'admin.refund.confirm')}
          </Button>
        </DialogActions>
      </DialogFrame>
    </Dialog.Root>
  );
}
