import { Clock } from 'lucide-react';
import { localTimeZone, sameClock, slotTime, zoneName } from '@common/rules/display-time';
import { cn } from '../../lib/cn';
import { Skeleton } from '../../ui/spinner';
import type { PickableSlot } from './api';

type Props = {
  slots: PickableSlot[];
  isPending: boolean;
  isError: boolean;
  doctorTimeZone: string;
  doctorName: string;
  selected: string | null;
  onSelect: (slot: PickableSlot) => void;
};

/** The doctor's free slots shown in the patient's zone; the doctor's own time is named when it differs. */
export function SlotPicker({ slots, isPending, isError, doctorTimeZone, doctorName, selected, onSelect }: Props) {
  const here = localTimeZone();
  const differs = slots.some((s) => !sameClock(s.startsAt, here, doctorTimeZone));
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-ink">Time</legend>
      <p className="flex items-start gap-1.5 text-xs text-muted">
        <Clock className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden />
        <span>
          Times are shown in your time zone, {zoneName(here)}. {doctorName} works in {zoneName(doctorTimeZone)}.
        </span>
      </p>
      {isPending ? (
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4" aria-hidden>
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="h-12" />
          ))}
        </div>
      ) : isError ? (
        <p role="alert" className="text-sm text-danger">
          Available times could not be loaded. Please try again.
        </p>
      ) : slots.length === 0 ? (
        <p className="rounded-lg border border-dashed border-line p-4 text-center text-sm text-muted">
          No times on this day. Please choose another date.
        </p>
      ) : (
        <div
          role="radiogroup"
          aria-label="Available times"
          className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4"
        >
          {slots.map((slot) => {
            const checked = selected === slot.startsAt;
            return (
              <button
                key={slot.startsAt}
                type="button"
                role="radio"
                aria-checked={checked}
                disabled={!slot.available}
                onClick={() => onSelect(slot)}
                className={cn(
                  'flex min-h-12 flex-col items-center justify-center rounded-lg border px-2 py-1.5 text-sm font-medium transition-colors',
                  'focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-400 disabled:line-through',
                  checked
                    ? 'border-brand-700 bg-brand-700 text-white'
                    : 'border-line bg-white text-ink hover:border-brand-500',
                )}
              >
                <span>{slotTime(slot.startsAt)}</span>
                {differs && (
                  <span className={cn('text-[11px] font-normal', checked ? 'text-brand-100' : 'text-muted')}>
                    {slot.label} doctor&apos;s time
                  </span>
                )}
                {!slot.available && <span className="sr-only"> (unavailable)</span>}
              </button>
            );
          })}
        </div>
      )}
    </fieldset>
  );
}
