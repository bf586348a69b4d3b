import { Dialog } from 'radix-ui';
import { useMemo, useState, type FormEvent } from 'react';
import { localTimeZone } from '@common/rules/display-time';
import type { Slot } from '@common/schemas/availability';
import type { DoctorBookEntry } from '@common/schemas/reschedule';
import { errorMessage } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import { Button } from '../../ui/button';
import { Field, Select } from '../../ui/input';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast-store';
import { FREE_DAYS, useFreeSlots, useProposeTime } from './api';
import { DialogActions, DialogFrame } from '../../ui/dialog-frame';
import { useWhen } from '../../lib/i18n/use-when';

const useT = textsFor('visits');

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
  const t = useT();
  const time = useWhen();
  const days = useMemo(() => byDate(slots.data ?? []), [slots.data]);
  const dayKey = day || days.keys().next().value || '';
  const times = days.get(dayKey) ?? [];
  const chosen = times.find((s) => s.startsAt === startsAt) ?? times[0];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return setError(t('visits.propose.needTime'));
    propose.mutate(
      { id: entry.id, date: dayKey, time: chosen.label },
      {
        onSuccess: () => {
          setOpen(false);
          toast({
            title: t('visits.propose.done'),
            description: t('visits.propose.doneText', {
              patient: `${entry.patient.firstName} ${entry.patient.lastName}`,
              when: time.when(chosen.startsAt, zone),
            }),
            variant: 'success',
          });
        },
        onError: (e) => setError(errorMessage(e, t('visits.propose.failed'))),
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
          {t('visits.propose.button')}
        </Button>
      </Dialog.Trigger>
      <DialogFrame
        title={t('visits.propose.title')}
        description={t('visits.propose.text', { patient: entry.patient.firstName })}
      >
        {slots.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label={t('visits.propose.loading')} />
          </div>
        ) : slots.isError ? (
          <p role="alert" className="mt-4 text-sm text-danger">
            {t('visits.propose.loadError')}
          </p>
        ) : days.size === 0 ? (
          <p className="mt-4 text-sm text-muted">{t('visits.propose.none', { days: FREE_DAYS })}</p>
        ) : (
          <form onSubmit={submit} className="mt-4 flex flex-col gap-4" noValidate>
            <Field label={t('visits.propose.day')}>
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
                      {time.shortDate(list[0].startsAt, zone)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label={t('visits.propose.time')} error={error}>
              {(props) => (
                <Select {...props} value={chosen?.startsAt ?? ''} onChange={(e) => setStartsAt(e.target.value)}>
                  {times.map((s) => (
                    <option key={s.startsAt} value={s.startsAt}>
                      {time.clock(s.startsAt, zone)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <DialogActions closeLabel={t('visits.close')} disabled={propose.isPending}>
              <Button type="submit" disabled={propose.isPending}>
                {t(propose.isPending ? 'visits.propose.pending' : 'visits.propose.confirm')}
              </Button>
            </DialogActions>
          </form>
        )}
      </DialogFrame>
    </Dialog.Root>
  );
}
