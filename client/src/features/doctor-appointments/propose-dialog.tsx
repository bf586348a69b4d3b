import { Dialog } from 'radix-ui';
import { useMemo, useState, type FormEvent } from 'react';
import { clockTime, localTimeZone, shortDate, whenText } from '@common/rules/display-time';
import type { Slot } from '@common/schemas/appointments';
import type { DoctorBookEntry } from '@common/schemas/reschedule';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/button';
import { Field, Select } from '../../ui/input';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast-store';
import { useFreeSlots, useProposeTime } from './api';
import { DialogActions, DialogFrame } from '../../ui/dialog-frame';

/** Free slots by the doctor's local date (the date the server books by), in order. */
function byDate(slots: Slot[]): Map<string, Slot[]> {
  const days = new Map<string, Slot[]>();
  for (const s of slots) {
    const key = s.date ?? '';
    days.set(key, [...(days.get(key) ?? []), s]);
  }
  return days;
}

/** The doctor picks one of their own free slots; the patient accepts or declines it. */
export function ProposeDialog({ entry }: { entry: DoctorBookEntry }) {
  const [open, setOpen] = useState(false);
  const [day, setDay] = useState('');
  const [startsAt, setStartsAt] = useState('');
  const [error, setError] = useState<string>();
  const slots = useFreeSlots(entry.doctorId, entry.timeZone, open, entry.consultationType);
  const propose = useProposeTime();
  const zone = localTimeZone();
  const days = useMemo(() => byDate(slots.data ?? []), [slots.data]);
  const dayKey = day || days.keys().next().value || '';
  const times = days.get(dayKey) ?? [];
  const chosen = times.find((s) => s.startsAt === startsAt) ?? times[0];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return setError('Please choose a time');
    propose.mutate(
      { id: entry.id, date: dayKey, time: chosen.label },
      {
        onSuccess: () => {
          setOpen(false);
          toast({
            title: 'New Time Proposed',
            description: `${entry.patient.firstName} ${entry.patient.lastName} can accept or decline ${whenText(chosen.startsAt, zone)}.`,
            variant: 'success',
          });
        },
        onError: (e) => setError(errorMessage(e, 'Failed to propose the new time. Please try again.')),
      },
    );
  };

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      setDay('');
      setStartsAt('');
      setError(undefined);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>
        <Button variant="outline" size="sm">
          Propose new time
        </Button>
      </Dialog.Trigger>
      <DialogFrame
        title="Propose a new time"
        description={`Choose one of your free slots. ${entry.patient.firstName} can accept or decline it; until then the appointment stays as it is.`}
      >
        {slots.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label="Loading your free slots" />
          </div>
        ) : slots.isError ? (
          <p role="alert" className="mt-4 text-sm text-danger">
            Your free slots could not be loaded. Close this and try again.
          </p>
        ) : days.size === 0 ? (
          <p className="mt-4 text-sm text-muted">You have no free slots in the next 14 days.</p>
        ) : (
          <form onSubmit={submit} className="mt-4 flex flex-col gap-4" noValidate>
            <Field label="Day">
              {(props) => (
                <Select
                  {...props}
                  value={dayKey}
                  onChange={(e) => {
                    setDay(e.target.value);
                    setStartsAt('');
                  }}
                >
                  {[...days].map(([date, list]) => (
                    <option key={date} value={date}>
                      {shortDate(list[0].startsAt, zone)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label="Time" error={error}>
              {(props) => (
                <Select {...props} value={chosen?.startsAt ?? ''} onChange={(e) => setStartsAt(e.target.value)}>
                  {times.map((s) => (
                    <option key={s.startsAt} value={s.startsAt}>
                      {clockTime(s.startsAt, zone)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <DialogActions closeLabel="Close" disabled={propose.isPending}>
              <Button type="submit" disabled={propose.isPending}>
                {propose.isPending ? 'Proposing...' : 'Propose Time'}
              </Button>
            </DialogActions>
          </form>
        )}
      </DialogFrame>
    </Dialog.Root>
  );
}
