import { CircleCheck, UserX } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import type { ConsultationType } from '@common/constants/consultation-types';
import { localTimeZone, whenText } from '@common/rules/display-time';
import type { DoctorBookEntry } from '@common/schemas/reschedule';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/button';
import { DialogActions, DialogFrame } from '../../ui/dialog-frame';
import { toast } from '../../ui/toast-store';
import { useRecordOutcome, useRefreshBook } from './api';

const VISIT: Record<ConsultationType, string> = {
  'in-person': 'In-person visit',
  voice: 'Phone consultation',
  video: 'Video consultation',
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

  const handleMarkDone = async () => {
    if (record.isPending) return;
    onRecording();
    try {
      await record.mutateAsync({ id: entry.id, outcome: 'complete' });
      toast({
        title: 'Visit Marked as Done',
        description: `Your visit with ${patient} is recorded.`,
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: 'Could Not Mark as Done',
        description: errorMessage(error, 'Failed to mark the visit as done. Please try again.'),
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
        <CircleCheck className="h-4 w-4" aria-hidden /> {marking ? 'Saving...' : 'Mark as done'}
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

  const handleConfirm = async () => {
    if (record.isPending) return;
    setError(undefined);
    onRecording();
    try {
      await record.mutateAsync({ id: entry.id, outcome: 'no-show' });
      setOpen(false);
      toast({
        title: 'No-show Recorded',
        description: `${patient}'s visit is recorded as missed.`,
        variant: 'success',
      });
    } catch (e) {
      setError(errorMessage(e, 'Failed to record the no-show. Please try again.'));
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
          <UserX className="h-4 w-4" aria-hidden /> Patient didn&apos;t come
        </Button>
      </Dialog.Trigger>
      <DialogFrame
        title={`Record that ${patient} didn't come?`}
        description={`${VISIT[entry.consultationType]}, ${whenText(entry.startsAt, localTimeZone())}.`}
      >
        <p className="mt-3 text-sm text-ink">
          The appointment is marked as a no-show and your share of the fee becomes available.{' '}
          <strong className="font-semibold">This cannot be undone.</strong>
        </p>
        {error && (
          <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-danger">
            {error}
          </p>
        )}
        <DialogActions closeLabel="Go Back" disabled={saving} className="mt-5">
          <Button
            variant="destructive"
            onClick={() => void handleConfirm()}
            aria-disabled={saving}
            className="aria-disabled:cursor-wait aria-disabled:opacity-50"
          >
            {saving ? 'Recording...' : 'Record No-show'}
          </Button>
        </DialogActions>
      </DialogFrame>
    </Dialog.Root>
  );
}
