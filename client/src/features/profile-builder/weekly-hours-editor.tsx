import { Copy, Plus, X } from 'lucide-react';
import { MAX_RANGES_PER_DAY, WEEKDAYS, type Weekday } from '@common/constants/schedule';
import type { HoursRange } from '@common/schemas/schedule';
import { textsFor } from '../../lib/i18n/areas';
import { useWhen } from '../../lib/i18n/use-when';
import { Button } from '../../ui/button';
import { Input, useSchemaMessage } from '../../ui/input';

const useT = textsFor('builder', 'fields');

export type WeeklyDraft = Record<Weekday, HoursRange[]>;

const WORKDAYS: Weekday[] = ['tue', 'wed', 'thu', 'fri'];
const toMinutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
const toClock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A new range an hour after the day's last one ends (or 09:00–17:00 on an empty day), inside the day. */
export function nextRange(ranges: HoursRange[]): HoursRange {
  if (ranges.length === 0) return { start: '09:00', end: '17:00' };
  const lastEnd = Math.max(...ranges.map((r) => (r.end === '24:00' ? 1440 : toMinutes(r.end))));
  const start = Math.min(lastEnd + 60, 22 * 60);
  return { start: toClock(start), end: toClock(Math.min(start + 120, 23 * 60 + 59)) };
}

/** Monday's ranges on Tuesday to Friday, each its own copy. */
export const copyMondayToWeekdays = (week: WeeklyDraft): WeeklyDraft => ({
  ...week,
  ...Object.fromEntries(WORKDAYS.map((day) => [day, week.mon.map((r) => ({ ...r }))])),
});

/**
 * The doctor's week: zero or more working ranges per day in their own zone. Every control is a
 * labelled native input or button, so it works with the keyboard and a screen reader as it is.
 */
export function WeeklyHoursEditor({
  value,
  onChange,
  errors,
  timeZone,
}: {
  value: WeeklyDraft;
  onChange: (next: WeeklyDraft) => void;
  /** Messages per day from the last check, e.g. "Monday: 09:00–12:00 and 11:00–13:00 overlap". */
  errors: Partial<Record<Weekday, string>>;
  timeZone: string;
}) {
  const setDay = (day: Weekday, ranges: HoursRange[]) => onChange({ ...value, [day]: ranges });
  const t = useT();
  const schemaMessage = useSchemaMessage();
  const dates = useWhen();
  return (
    <section aria-labelledby="weekly-hours-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h3 id="weekly-hours-title" className="font-semibold text-ink">
            {t('builder.hours.title')}
          </h3>
          <p className="text-sm text-muted">{t('builder.hours.text', { zone: dates.zoneLabel(timeZone) })}</p>
        </div>
        <Button variant="outline" size="sm" onClick={() => onChange(copyMondayToWeekdays(value))}>
          <Copy className="h-4 w-4" aria-hidden /> {t('builder.hours.copy')}
        </Button>
      </div>
      <ul className="flex flex-col divide-y divide-line rounded-lg border border-line">
        {WEEKDAYS.map((day) => {
          // Monday first, the product's week, with the day named in the viewer's language.
          const name = dates.weekdayName(day);
          const ranges = value[day];
          const error = schemaMessage(errors[day]);
          return (
            <li key={day} className="flex flex-col gap-2 px-2 py-3 sm:flex-row sm:px-3 sm:items-start sm:gap-4">
              <p className="w-28 shrink-0 pt-2 text-sm font-medium text-ink first-letter:uppercase" id={`hours-${day}`}>
                {name}
              </p>
              <div className="flex flex-1 flex-col gap-2" role="group" aria-labelledby={`hours-${day}`}>
                {ranges.length === 0 && <p className="pt-2 text-sm text-muted">{t('builder.hours.closed')}</p>}
                {ranges.map((range, i) => {
                  const numbered = ranges.length > 1;
                  const update = (patch: Partial<HoursRange>) =>
                    setDay(
                      day,
                      ranges.map((r, j) => (j === i ? { ...r, ...patch } : r)),
                    );
                  return (
                    <div
                      key={i}
                      className="grid grid-cols-[minmax(0,9rem)_auto_minmax(0,9rem)_auto] items-center justify-start gap-1 sm:gap-2"
                    >
                      <Input
                        type="time"
                        aria-label={
                          numbered
                            ? t('builder.hours.fromNumbered', { day: name, number: i + 1 })
                            : t('builder.hours.from', { day: name })
                        }
                        aria-invalid={Boolean(error)}
                        className="px-2! tabular-nums"
                        value={range.start}
                        onChange={(e) => update({ start: e.target.value })}
                      />
                      <span aria-hidden className="text-muted">
                        –
                      </span>
                      <Input
                        type="time"
                        aria-label={
                          numbered
                            ? t('builder.hours.toNumbered', { day: name, number: i + 1 })
                            : t('builder.hours.to', { day: name })
                        }
                        aria-invalid={Boolean(error)}
                        className="px-2! tabular-nums"
                        value={range.end === '24:00' ? '23:59' : range.end}
                        onChange={(e) => update({ end: e.target.value })}
                      />
                      <Button
                        variant="ghost"
                        size="icon"
                        className="h-8! w-8!"
                        aria-label={t('builder.hours.remove', { day: name, start: range.start, end: range.end })}
                        onClick={() =>
                          setDay(
                            day,
                            ranges.filter((_, j) => j !== i),
                          )
                        }
                      >
                        <X className="h-4 w-4" aria-hidden />
                      </Button>
                    </div>
                  );
                })}
                {error && (
                  <p role="alert" className="text-xs text-danger">
                    {error}
                  </p>
                )}
              </div>
              <Button
                variant="secondary"
                size="sm"
                className="self-start"
                aria-label={t('builder.hours.addOn', { day: name })}
                reason={
                  ranges.length >= MAX_RANGES_PER_DAY ? t('builder.hours.max', { max: MAX_RANGES_PER_DAY }) : null
                }
                onClick={() => setDay(day, [...ranges, nextRange(ranges)])}
              >
                <Plus className="h-4 w-4" aria-hidden /> {t('builder.hours.add')}
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
