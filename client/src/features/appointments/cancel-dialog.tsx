import { Dialog } from 'radix-ui';
import { useState } from 'react';
import type { Appointment } from '@common/schemas/appointments';
import { formatMoney } from '@common/rules/fees';
import { Button } from '../../ui/button';
import { DialogActions, DialogFrame } from '../../ui/dialog-frame';
import { toast } from '../../ui/toast-store';
import { useCancelAppointment } from './api';
import { isPaid } from './rules';

/** Asks once before cancelling; the server enforces the 24 h rule and refunds the card. */
export function CancelDialog({ appointment }: { appointment: Appointment }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelAppointment();

  const handleConfirm = () =>
    cancel.mutate(appointment.id, {
      onSuccess: () => {
        setOpen(false);
        toast({
          title: 'Appointment Cancelled',
          description: 'Your appointment has been cancelled successfully.',
          variant: 'success',
        });
      },
      onError: () => {
        setOpen(false);
        toast({
          title: 'Error',
          description: 'Failed to cancel appointment. Please try again.',
          variant: 'destructive',
        });
      },
    });

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="outline" size="sm" className="text-danger">
          Cancel
        </Button>
      </Dialog.Trigger>
      <DialogFrame
        title="Cancel this appointment?"
        description={`Dr. ${appointment.doctor.user.lastName} will be told and the time becomes free for others.${isPaid(appointment) ? ` Your payment of ${formatMoney(appointment.fee)} will be refunded to your card.` : ''}`}
      >
        <DialogActions closeLabel="Keep Appointment" disabled={cancel.isPending} className="mt-6">
          <Button variant="destructive" onClick={handleConfirm} disabled={cancel.isPending}>
            {cancel.isPending ? 'Cancelling...' : 'Cancel Appointment'}
          </Button>
        </DialogActions>
      </DialogFrame>
    </Dialog.Root>
  );
}
