import { FileCheck } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import type { Appointment } from '@common/schemas/appointments';
import { textsFor } from '../../lib/i18n/areas';
import { Button } from '../../ui/button';
import { DialogActions, DialogFrame } from '../../ui/dialog-frame';
import { CareDocumentList } from '../../ui/care-document-list';

const useT = textsFor('rx');

/** Whether a visit may have documents: it has started and was neither cancelled nor missed. */
export const visitHasStarted = (a: Pick<Appointment, 'status' | 'startsAt'>, now: Date) =>
  a.status === 'completed' ||
  ((a.status === 'confirmed' || a.status === 'scheduled') && Date.parse(a.startsAt) <= now.getTime());

/** "Prescriptions and certificates" on a patient's visit: the list opens in a dialog, loaded when opened. */
export function CareDocumentsButton({ appointment }: { appointment: Appointment }) {
  const [open, setOpen] = useState(false);
  const t = useT();
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button size="sm" variant="outline">
          <FileCheck className="h-4 w-4" aria-hidden /> {t('rx.open')}
        </Button>
      </Dialog.Trigger>
      <DialogFrame
        title={t('rx.section')}
        size="md"
        description={t('rx.from', {
          doctor: `${appointment.doctor.user.firstName} ${appointment.doctor.user.lastName}`,
        })}
      >
        {open && (
          <div className="mt-4">
            <CareDocumentList appointmentId={appointment.id} />
          </div>
        )}
        <DialogActions closeLabel={t('rx.close')} className="mt-4" />
      </DialogFrame>
    </Dialog.Root>
  );
}
