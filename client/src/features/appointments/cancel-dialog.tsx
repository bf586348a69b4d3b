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
          isPaid(appointment) ? refundText(appointment, doctor, t, f.money) : t('appointments.cancel.text', { doctor })
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

/**
 * Where the money goes back, part by part: the card part to the card, the wallet part to the
 * Medora wallet; a payment made from the wallet never reads as a card refund.
 */
function refundText(
  appointment: Appointment,
  doctor: string,
  t: ReturnType<typeof useT>,
  money: (cents: number) => string,
) {
  const wallet = appointment.payment?.walletAmount ?? 0;
  const card = appointment.fee - wallet;
  if (wallet <= 0) return t('appointments.cancel.textPaid', { doctor, amount: money(appointment.fee) });
  if (card <= 0) return t('appointments.cancel.textPaidWallet', { doctor, amount: money(wallet) });
  return t('appointments.cancel.textPaidSplit', { doctor, wallet: money(wallet), card: money(card) });
}
