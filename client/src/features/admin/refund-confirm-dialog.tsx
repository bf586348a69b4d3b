import { Dialog } from 'radix-ui';
import { useState } from 'react';
import type { AdminPaymentDetail } from '@common/schemas/admin';
import { Button } from '../../ui/button';
import { DialogActions, DialogFrame } from '../../ui/dialog-frame';
import { refundConsequence } from './refund-text';

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
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="destructive">Refund</Button>
      </Dialog.Trigger>
      <DialogFrame title="Refund this payment?" description={refundConsequence(payment)}>
        <DialogActions closeLabel="Keep Payment" disabled={pending} className="mt-6">
          <Button variant="destructive" onClick={() => onConfirm(() => setOpen(false))} disabled={pending}>
            {pending ? 'Refunding...' : 'Refund Payment'}
          </Button>
        </DialogActions>
      </DialogFrame>
    </Dialog.Root>
  );
}
