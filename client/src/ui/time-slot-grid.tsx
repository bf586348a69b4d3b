import { localTimeZone, sameClock } from '@common/rules/display-time';
import { cn } from '../lib/cn';
import { textsFor } from '../lib/i18n/areas';
import { useWhen } from '../lib/i18n/use-when';

const useT = textsFor('slots');

/** `available: false` shows a taken slot struck through and not choosable. */
export type GridSlot = { startsAt: string; label: string; available?: boolean };

type Props<S extends GridSlot> = {
  slots: S[];
  /** The doctor's zone: their own clock is named under each time where it reads differently. */
  otherTimeZone: string;
  selected: string | null;
  onSelect: (slot: S) => void;
  label: string;
};

/** Times as a radio group of buttons, each in the viewer's zone first: booking, rescheduling. */
export function TimeSlotGrid<S extends GridSlot>({ slots, otherTimeZone, selected, onSelect, label }: Props<S>) {
  const t = useT();
  const when = useWhen();
  const here = localTimeZone();
  // Named under every time or none, so the buttons keep one height.
  const differs = slots.some((s) => !sameClock(s.startsAt, here, otherTimeZone));
  return (
    <div role="radiogroup" aria-label={label} className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
      {slots.map((slot) => {
        const checked = selected === slot.startsAt;
        const taken = slot.available === false;
        return (
          <button
            key={slot.startsAt}
            type="button"
            role="radio"
            aria-checked={checked}
            disabled={taken}
            onClick={() => onSelect(slot)}
            className={cn(
              'flex min-h-12 flex-col items-center justify-center rounded-lg border px-2 py-1.5 text-sm font-medium transition-colors',
              'focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-400 disabled:line-through',
              checked
                ? 'border-brand-700 bg-brand-700 text-white'
                : 'border-line bg-white text-ink hover:border-brand-500',
            )}
          >
            <span>{when.slotTime(slot.startsAt)}</span>
            {differs && (
              <span className={cn('text-[11px] font-normal', checked ? 'text-brand-100' : 'text-muted')}>
                {t('slots.doctorsTime', { time: when.doctorClock(slot, otherTimeZone) })}
              </span>
            )}
            {taken && <span className="sr-only">{t('slots.unavailable')}</span>}
          </button>
        );
      })}
    </div>
  );
}
