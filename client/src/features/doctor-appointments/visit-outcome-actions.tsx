import { CircleCheck, UserX } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import type { ConsultationType } from '@common/constants/consultation-types';
import type { ClientMessageKey } from '@common/i18n/keys';
import { localTimeZone } from '@common/rules/display-time';
import type { DoctorBookEntry } from '@common/schemas/reschedule';
import { errorMessage } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import { Button } from '../../ui/button';
import { DialogActions, DialogFrame } from '../../ui/dialog-frame';
import { toast } from '../../ui/toast-store';
import { useRecordOutcome, useRefreshBook } from './api';
import { useWhen } from '../../lib/i18n/use-when';

const useT = textsFor('visits');

const VISIT: Record<ConsultationType, ClientMessageKey> = {
  'in-person': 'visits.outcome.inPerson',
  voice: 'visits.outcome.voice',
  video: 'visits.outcome.video',
};

type Props = {
  entry: DoctorBookEntry;
  /** The row offers Join now (./rules.ts canJoin): the room stays the main action beside these. */
  joinOffered?: boolean;
  /** Called as a recording starts, so the row can take the focus once these buttons are gone. */
  onRecording: () => void;
};

/**
 * "Mark as done" and "Patient didn't come" for an in-person or phone visit that has started
 * (rules.ts says when). Both are final; the second is asked twice. Either way the row's status
 * changes and these buttons go.
 */
export function VisitOutcomeActions({ entry, joinOffered = false, onRecording }: Props) {
  const record = useRecordOutcome();
  const refresh = useRefreshBook();
  const patient = `${entry.patient.firstName} ${entry.patient.lastName}`;
  const marking = record.isPending && record.variables.outcome === 'complete';
  const t = useT();

  const handleMarkDone = async () => {
    if (record.isPending) return;
    onRecording();
    try {
      await record.mutateAsync({ id: entry.id, outcome: 'complete' });
      toast({
        title: t('visits.outcome.done'),
        description: t('visits.outcome.doneText', { patient }),
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: t('visits.outcome.doneFailed'),
        description: errorMessage(error, t('visits.outcome.doneFailedText')),
        variant: 'destructive',
      });
      // The refusal usually means the appointment changed meanwhile: show it as it is now.
      refresh();
    }
  };

  return (
    <>
      {/*
        Beside Join (a phone visit) the room stays the main action; otherwise this is. Pending, it is
        aria-disabled rather than disabled: a disabled button loses the focus, and a refusal would
        leave it nowhere.
      */}
      <Button
        size="sm"
        variant={joinOffered ? 'outline' : 'primary'}
        onClick={() => void handleMarkDone()}
        aria-disabled={record.isPending}
        className="aria-disabled:cursor-wait aria-disabled:opacity-50"
      >
        <CircleCheck className="h-4 w-4" aria-hidden />{' '}
        {t(marking ? 'visits.outcome.saving' : 'visits.outcome.markDone')}
      </Button>
      <NoShowDialog entry={entry} record={record} onRecording={onRecording} />
    </>
  );
}

function NoShowDialog({
  entry,
  record,
  onRecording,
}: Props & {
  record: ReturnType<typeof useRecordOutcome>;
}) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string>();
  const refresh = useRefreshBook();
  const patient = `${entry.patient.firstName} ${entry.patient.lastName}`;
  const saving = record.isPending && record.variables.outcome === 'no-show';
  const t = useT();
  const time = useWhen();

  const handleConfirm = async () => {
    if (record.isPending) return;
    setError(undefined);
    onRecording();
    try {
      await record.mutateAsync({ id: entry.id, outcome: 'no-show' });
      setOpen(false);
      toast({
        title: t('visits.noShow.done'),
        description: t('visits.noShow.doneText', { patient }),
        variant: 'success',
      });
    } catch (e) {
      setError(errorMessage(e, t('visits.noShow.failed')));
    }
  };

  const handleOpenChange = (next: boolean) => {
    setOpen(next);
    setError(undefined);
    // After a refusal the appointment has probably changed: show it as it is now.
    if (!next && error) refresh();
  };

  return (
    <Dialog.Root open={open} onOpenChange={handleOpenChange}>
      <Dialog.Trigger asChild>
        <Button variant="outline" size="sm" disabled={record.isPending}>
          <UserX className="h-4 w-4" aria-hidden /> {t('visits.noShow.button')}
        </Button>
      </Dialog.Trigger>
      <DialogFrame
        title={t('visits.noShow.title', { patient })}
        description={t('visits.noShow.visit', {
          visit: t(VISIT[entry.consultationType]),
          when: time.when(entry.startsAt, localTimeZone()),
        })}
      >
        <p className="mt-3 text-sm text-ink">
          {t('visits.noShow.text')} <strong className="font-semibold">{t('visits.noShow.final')}</strong>
        </p>
        {error && (
          <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-danger">
            {error}
          </p>
        )}
        <DialogActions closeLabel={t('visits.noShow.back')} disabled={saving} className="mt-5">
          <Button
            variant="destructive"
            onClick={() => void handleConfirm()}
            aria-disabled={saving}
            className="aria-disabled:cursor-wait aria-disabled:opacity-50"
          >
            {t(saving ? 'visits.noShow.pending' : 'visits.noShow.confirm')}
          </Button>
        </DialogActions>
      </DialogFrame>
    </Dialog.Root>
  );
}
