import { Dialog } from 'radix-ui';
import { useState } from 'react';
import type { Appointment } from '@common/schemas/appointments';
import { textsFor } from '../../lib/i18n/areas';
import { useFormats } from '../../lib/i18n/use-formats';
import { Button } from '../../ui/button';
import { DialogActions, DialogFrame } from '../../ui/dialog-frame';
import { toast } from '../../ui/toast-store';
import { useCancelAppointment } from './api';
import { isPaid } from './rules';

const useT = textsFor('appointments');

/** Asks once before cancelling; the server enforces the 24 h rule and refunds the card. */
export function CancelDialog({ appointment }: { appointment: Appointment }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelAppointment();
  const t = useT();
  const f = useFormats();
  const doctor = `Dr. ${appointment.doctor.user.lastName}`;

  const handleConfirm = () =>
    cancel.mutate(appointment.id, {
      onSuccess: () => {
        setOpen(false);
        toast({
          title: t('appointments.cancel.done'),
          description: t('appointments.cancel.doneText'),
          variant: 'success',
        });
      },
      onError: () => {
        setOpen(false);
        toast({
          title: t('appointments.cancel.failed'),
          description: t('appointments.cancel.failedText'),
          variant: 'destructive',
        });
      },
    });

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="outline" size="sm" className="text-danger">
          {t('appointments.action.cancel')}
        </Button>
      </Dialog.Trigger>
      <DialogFrame
        title={t('appointments.cancel.title')}
        description={
          isPaid(appointment)
            ? t('appointments.cancel.textPaid', { doctor, amount: f.money(appointment.fee) })
            : t('appointments.cancel.text', { doctor })
        }
      >
        <DialogActions closeLabel={t('appointments.cancel.keep')} disabled={cancel.isPending} className="mt-6">
          <Button variant="destructive" onClick={handleConfirm} disabled={cancel.isPending}>
            {t(cancel.isPending ? 'appointments.cancel.pending' : 'appointments.cancel.confirm')}
          </Button>
        </DialogActions>
      </DialogFrame>
    </Dialog.Root>
  );
}
