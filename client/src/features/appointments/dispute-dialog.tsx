import { Flag } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState, type FormEvent } from 'react';
import { DISPUTE_REASON_MAX_LENGTH } from '@common/constants/visit-outcomes';
import type { Appointment } from '@common/schemas/appointments';
import { errorMessage } from '../../lib/api';
import { doctorName } from '../../lib/doctor-display';
import { textsFor } from '../../lib/i18n/areas';
import { useWhen } from '../../lib/i18n/use-when';
import { Button } from '../../ui/button';
import { DialogActions, DialogFrame } from '../../ui/dialog-frame';
import { Field, Textarea } from '../../ui/input';
import { toast } from '../../ui/toast-store';
import { useDisputeOutcome } from './api';

const useT = textsFor('appointments');

/** A held outcome the doctor marked can be disputed until its window closes (the server decides). */
export const canDispute = (a: Pick<Appointment, 'outcomeHold'>, now: Date) =>
  a.outcomeHold?.status === 'held' && Date.parse(a.outcomeHold.releaseAt) > now.getTime();

/** Dispute: the patient says in their words why the doctor's mark is wrong; an administrator decides. */
export function DisputeDialog({ appointment }: { appointment: Appointment }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const dispute = useDisputeOutcome();
  const t = useT();
  const dates = useWhen();
  const hold = appointment.outcomeHold!;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setError(t('appointments.dispute.needReason'));
    dispute.mutate(
      { id: appointment.id, reason: reason.trim() },
      {
        onSuccess: () => {
          setOpen(false);
          toast({
            title: t('appointments.dispute.done'),
            description: t('appointments.dispute.doneText'),
            variant: 'success',
          });
        },
        onError: (e) => setError(errorMessage(e, t('appointments.dispute.failed'))),
      },
    );
  };

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="outline" size="sm">
          <Flag className="h-4 w-4" aria-hidden /> {t('appointments.dispute.button')}
        </Button>
      </Dialog.Trigger>
      <DialogFrame
        title={t(hold.outcome === 'no-show' ? 'appointments.dispute.titleNoShow' : 'appointments.dispute.titleDone', {
          doctor: doctorName(appointment.doctor),
        })}
        description={t('appointments.dispute.text', { until: dates.when(hold.releaseAt) })}
        size="md"
      >
        <form onSubmit={handleSubmit} noValidate className="mt-5 flex flex-col gap-4">
          <Field label={t('appointments.dispute.reason')} error={error}>
            {(p) => (
              <Textarea
                {...p}
                maxLength={DISPUTE_REASON_MAX_LENGTH}
                value={reason}
                onChange={(e) => {
                  setReason(e.target.value);
                  setError(undefined);
                }}
              />
            )}
          </Field>
          <DialogActions closeLabel={t('appointments.close')}>
            <Button type="submit" disabled={dispute.isPending}>
              {t(dispute.isPending ? 'appointments.dispute.pending' : 'appointments.dispute.submit')}
            </Button>
          </DialogActions>
        </form>
      </DialogFrame>
    </Dialog.Root>
  );
}
