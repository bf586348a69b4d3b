import { Dialog } from 'radix-ui';
import { useState, type FormEvent } from 'react';
import { CANCEL_REASON_MAX_LENGTH, type DoctorBookEntry } from '@common/schemas/reschedule';
import { errorMessage } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import { Button } from '../../ui/button';
import { Field, Textarea } from '../../ui/input';
import { toast } from '../../ui/toast-store';
import { useDoctorCancel } from './api';
import { DialogActions, DialogFrame } from '../../ui/dialog-frame';

const useT = textsFor('visits');

/** The doctor cancels with a reason the patient reads; the server refunds the patient in full. */
export function DoctorCancelDialog({ entry }: { entry: DoctorBookEntry }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const cancel = useDoctorCancel();
  const t = useT();
  const patient = `${entry.patient.firstName} ${entry.patient.lastName}`;
  // Only a paid booking has money to return; an unpaid one simply frees its slot.
  const paid = entry.payment?.status === 'succeeded';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setError(t('visits.cancel.needReason'));
    cancel.mutate(
      { id: entry.id, reason: reason.trim() },
      {
        onSuccess: () => {
          setOpen(false);
          toast({
            title: t('visits.cancel.done'),
            description: t(paid ? 'visits.cancel.doneRefunded' : 'visits.cancel.doneText', { patient }),
            variant: 'success',
          });
        },
        onError: (e) => setError(errorMessage(e, t('visits.cancel.failed'))),
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
          {t('visits.cancel.button')}
        </Button>
      </Dialog.Trigger>
      <DialogFrame
        title={t('visits.cancel.title')}
        description={t(paid ? 'visits.cancel.textPaid' : 'visits.cancel.text', { patient })}
      >
        <form onSubmit={submit} className="mt-4 flex flex-col gap-4" noValidate>
          <Field label={t('visits.cancel.reason')} error={error}>
            {(props) => (
              <Textarea
                {...props}
                value={reason}
                maxLength={CANCEL_REASON_MAX_LENGTH}
                onChange={(e) => setReason(e.target.value)}
              />
            )}
          </Field>
          <DialogActions closeLabel={t('visits.cancel.keep')} disabled={cancel.isPending}>
            <Button type="submit" variant="destructive" disabled={cancel.isPending}>
              {t(cancel.isPending ? 'visits.cancel.pending' : 'visits.cancel.confirm')}
            </Button>
          </DialogActions>
        </form>
      </DialogFrame>
    </Dialog.Root>
  );
}
