import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { Clock } from 'lucide-react';
import { localDateOf, localTimeZone } from '@common/rules/display-time';
import { AVAILABILITY_MAX_DAYS, type Appointment } from '@common/schemas/appointments';
import { cn } from '../../lib/cn';
import { textsFor } from '../../lib/i18n/areas';
import { useIntlShape } from '../../lib/i18n/use-t';
import { ScrollStrip } from '../../ui/scroll-strip';
import { ApiError, errorMessage } from '../../lib/api';
import { Button } from '../../ui/button';
import { DialogActions, DialogFrame } from '../../ui/dialog-frame';
import { toast } from '../../ui/toast-store';
import { Skeleton } from '../../ui/spinner';
import { TimeSlotGrid } from '../../ui/time-slot-grid';
import { VisitLengthNote } from '../../ui/visit-length-note';
import { useFreeSlots, useRescheduleAppointment } from './api';
import { TYPE_LABEL } from '../../ui/consultation-type-labels';
import { useWhen } from '../../lib/i18n/use-when';

const useT = textsFor('appointments', 'visits', 'ui');

/**
 * Moves a confirmed appointment to another free slot of the same doctor. The server enforces the
 * 24-hour rule and decides a race for the slot; losing it keeps the dialog open with fresh slots.
 */
export function RescheduleDialog({ appointment: a }: { appointment: Appointment }) {
  const [open, setOpen] = useState(false);
  const [day, setDay] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const free = useFreeSlots(a.doctorId, a.doctor.timeZone, open, a.consultationType);
  const move = useRescheduleAppointment();
  const here = localTimeZone();
  const doctorName = `Dr. ${a.doctor.user.lastName}`;
  const t = useT();
  const intl = useIntlShape();
  const time = useWhen();

  const days = [...new Set(free.slots.map((s) => localDateOf(s.startsAt)))];
  const shownDay = day && days.includes(day) ? day : (days[0] ?? null);
  const daySlots = free.slots.filter((s) => localDateOf(s.startsAt) === shownDay);
  const chosen = free.slots.find((s) => s.startsAt === selected) ?? null;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    setDay(null);
    setSelected(null);
    setProblem(null);
  };

  const confirm = () => {
    if (!chosen) return;
    setProblem(null);
    move.mutate(
      { id: a.id, appointmentDate: chosen.doctorDate, appointmentTime: chosen.label },
      {
        onSuccess: (moved) => {
          onOpenChange(false);
          toast({
            title: t('appointments.moved.title'),
            description: t('appointments.moved.text', { when: time.when(moved.startsAt, here, moved.timeZone) }),
            variant: 'success',
          });
        },
        onError: (error) => {
          setProblem(errorMessage(error, t('appointments.reschedule.failed')));
          // The slot was taken (409): offer what is free now.
          if (error instanceof ApiError && error.status === 409) {
            setSelected(null);
            void free.refetch();
          }
        },
      },
    );
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>
        <Button variant="outline" size="sm">
          {t('appointments.action.reschedule')}
        </Button>
      </Dialog.Trigger>
      <DialogFrame
        title={t('appointments.reschedule.title')}
        size="lg"
        description={intl.formatMessage(
          { id: 'appointments.reschedule.text' },
          {
            doctor: doctorName,
            type: a.consultationType === 'in-person' ? 'inPerson' : a.consultationType,
            when: time.when(a.startsAt, here, a.timeZone),
            b: (chunks) => <span className="font-medium text-ink">{chunks}</span>,
          },
        )}
      >
        <div className="mt-4 flex flex-col gap-4">
          {!free.isPending && !free.isError && days.length === 0 ? (
            <p className="rounded-lg border border-dashed border-line p-4 text-center text-sm text-muted">
              {t('appointments.reschedule.none', { doctor: doctorName, days: AVAILABILITY_MAX_DAYS })}
            </p>
          ) : (
            <>
              {days.length > 0 && (
                <ScrollStrip>
                  <div
                    role="radiogroup"
                    aria-label={t('appointments.reschedule.day')}
                    className="flex w-max gap-2 pb-1"
                  >
                    {days.map((d) => (
                      <button
                        key={d}
                        type="button"
                        role="radio"
                        aria-checked={d === shownDay}
                        onClick={() => {
                          setDay(d);
                          setSelected(null);
                        }}
                        className={cn(
                          'shrink-0 rounded-lg border px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors',
                          'focus-visible:outline-2 focus-visible:outline-brand-600',
                          d === shownDay
                            ? 'border-brand-700 bg-brand-700 text-white'
                            : 'border-line bg-white text-ink hover:border-brand-500',
                        )}
                      >
                        {time.shortDate(`${d}T12:00:00Z`, 'UTC')}
                      </button>
                    ))}
                  </div>
                </ScrollStrip>
              )}
              <p className="flex items-start gap-1.5 text-xs text-muted">
                <Clock className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden />
                <span>
                  {t('appointments.reschedule.zones', {
                    zone: time.zoneName(here),
                    doctor: doctorName,
                    doctorZone: time.zoneName(a.doctor.timeZone),
                  })}
                </span>
              </p>
              <VisitLengthNote minutes={free.slots[0]?.minutes} kind={t(TYPE_LABEL[a.consultationType])} />
              {free.isPending ? (
                <div
                  className="grid grid-cols-2 gap-2 sm:grid-cols-4"
                  aria-busy="true"
                  aria-label={t('appointments.reschedule.loading')}
                >
                  {Array.from({ length: 8 }, (_, i) => (
                    <Skeleton key={i} className="h-12" />
                  ))}
                </div>
              ) : free.isError ? (
                <p role="alert" className="text-sm text-danger">
                  {t('appointments.reschedule.loadError')}
                </p>
              ) : (
                <TimeSlotGrid
                  label={t('appointments.reschedule.times')}
                  slots={daySlots}
                  otherTimeZone={a.doctor.timeZone}
                  selected={selected}
                  onSelect={(slot) => setSelected(slot.startsAt)}
                />
              )}
            </>
          )}
          {problem && (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-danger">
              {problem}
            </p>
          )}
          <DialogActions closeLabel={t('appointments.reschedule.keep')} disabled={move.isPending}>
            <Button
              onClick={confirm}
              disabled={move.isPending}
              reason={chosen ? null : t('appointments.reschedule.chooseFirst')}
            >
              {t(move.isPending ? 'appointments.reschedule.pending' : 'appointments.reschedule.confirm')}
            </Button>
          </DialogActions>
        </div>
      </DialogFrame>
    </Dialog.Root>
  );
}
