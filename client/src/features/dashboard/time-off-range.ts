import { wallClock, zonedInstant } from '@common/rules/zoned-time';
import type { TimeOff, TimeOffRequest } from '@common/schemas/schedule';

export type TimeOffForm = {
  fromDate: string;
  toDate: string;
  allDay: boolean;
  fromTime: string;
  toTime: string;
  label: string;
};

const nextDate = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The form in the doctor's own zone → the instants the API takes. "All day" runs from the first
 * day's midnight to the midnight after the last day, so the last day is included.
 */
export function timeOffRequest(form: TimeOffForm, timeZone: string): TimeOffRequest {
  const [start, end] = form.allDay
    ? [zonedInstant(form.fromDate, '00:00', timeZone), zonedInstant(nextDate(form.toDate), '00:00', timeZone)]
    : [zonedInstant(form.fromDate, form.fromTime, timeZone), zonedInstant(form.toDate, form.toTime, timeZone)];
  return { startsAt: start.toISOString(), endsAt: end.toISOString(), label: form.label.trim() || null };
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const dayText = (instant: Date, timeZone: string) => {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', month: 'short', day: 'numeric' });
    dayFormats.set(timeZone, format);
  }
  return format.format(instant);
};
const timeText = (instant: Date, timeZone: string) =>
  instant.toLocaleTimeString('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });

/** "Mon, Dec 7" for one whole day, "Mon, Dec 7 – Fri, Dec 11" for several, times when not whole days. */
export function timeOffText(entry: Pick<TimeOff, 'startsAt' | 'endsAt'>, timeZone: string): string {
  const start = new Date(entry.startsAt);
  const end = new Date(entry.endsAt);
  const [s, e] = [wallClock(start, timeZone), wallClock(end, timeZone)];
  if (s.time === '00:00' && e.time === '00:00') {
    const lastDay = new Date(end.getTime() - 3_600_000);
    const first = dayText(start, timeZone);
    const last = dayText(lastDay, timeZone);
    return first === last ? `${first}, all day` : `${first} – ${last}`;
  }
  if (s.date === e.date)
    return `${dayText(start, timeZone)}, ${timeText(start, timeZone)} – ${timeText(end, timeZone)}`;
  return `${dayText(start, timeZone)}, ${timeText(start, timeZone)} – ${dayText(end, timeZone)}, ${timeText(end, timeZone)}`;
}
