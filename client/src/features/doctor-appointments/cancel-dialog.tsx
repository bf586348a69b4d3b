import { Dialog } from 'radix-ui';
import { useState, type FormEvent } from 'react';
import { CANCEL_REASON_MAX_LENGTH, type DoctorBookEntry } from '@common/schemas/reschedule';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/button';
import { Field, Textarea } from '../../ui/input';
import { toast } from '../../ui/toast-store';
import { useDoctorCancel } from './api';
import { DialogActions, DialogFrame } from '../../ui/dialog-frame';

/** The doctor cancels with a reason the patient reads; the server refunds the patient in full. */
export function DoctorCancelDialog({ entry }: { entry: DoctorBookEntry }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const cancel = useDoctorCancel();
  const patient = `${entry.patient.firstName} ${entry.patient.lastName}`;
  // Only a paid booking has money to return; an unpaid one simply frees its slot.
  const paid = entry.payment?.status === 'succeeded';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setError('Please give the patient a reason');
    cancel.mutate(
      { id: entry.id, reason: reason.trim() },
      {
        onSuccess: () => {
          setOpen(false);
          toast({
            title: 'Appointment Cancelled',
            description: paid ? `${patient} has been told and refunded in full.` : `${patient} has been told.`,
            variant: 'success',
          });
        },
        onError: (e) => setError(errorMessage(e, 'Failed to cancel the appointment. Please try again.')),
      },
    );
  };

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      setReason('');
      setError(undefined);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>
        <Button variant="outline" size="sm" className="text-danger">
          Cancel
        </Button>
      </Dialog.Trigger>
      <DialogFrame
        title="Cancel this appointment?"
        description={`${patient} will be notified with your reason${paid ? ' and refunded in full' : ''}.`}
      >
        <form onSubmit={submit} className="mt-4 flex flex-col gap-4" noValidate>
          <Field label="Reason for the patient" error={error}>
            {(props) => (
              <Textarea
                {...props}
                value={reason}
                maxLength={CANCEL_REASON_MAX_LENGTH}
                onChange={(e) => setReason(e.target.value)}
              />
            )}
          </Field>
          <DialogActions closeLabel="Keep Appointment" disabled={cancel.isPending}>
            <Button type="submit" variant="destructive" disabled={cancel.isPending}>
              {cancel.isPending ? 'Cancelling...' : 'Cancel Appointment'}
            </Button>
          </DialogActions>
        </form>
      </DialogFrame>
    </Dialog.Root>
  );
}
