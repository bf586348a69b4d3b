import { wallClock, zonedInstant } from '@common/rules/zoned-time';
import { DEFAULT_LANGUAGE, INTL_LOCALE, type Language } from '@common/i18n/languages';
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

const formats = new Map<string, Intl.DateTimeFormat>();
const formatIn = (locale: string, timeZone: string, kind: 'day' | 'time') => {
  const key = `${locale}|${timeZone}|${kind}`;
  let format = formats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions =
      kind === 'day' ? { weekday: 'short', month: 'short', day: 'numeric' } : { hour: 'numeric', minute: '2-digit' };
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formats.set(key, format);
  }
  return format;
};

/**
 * "Mon, Dec 7" for one whole day, "Mon, Dec 7 – Fri, Dec 11" for several, times when not whole
 * days; in the reader's language, whose words for "all day" the caller gives.
 */
export function timeOffText(
  entry: Pick<TimeOff, 'startsAt' | 'endsAt'>,
  timeZone: string,
  language: Language = DEFAULT_LANGUAGE,
  allDay: (day: string) => string = (day) => `${day}, all day`,
): string {
  const locale = INTL_LOCALE[language];
  const dayText = (instant: Date) => formatIn(locale, timeZone, 'day').format(instant);
  const timeText = (instant: Date) => formatIn(locale, timeZone, 'time').format(instant);
  const comma = language === 'ar' ? '\u060c ' : ', ';
  const start = new Date(entry.startsAt);
  const end = new Date(entry.endsAt);
  const [s, e] = [wallClock(start, timeZone), wallClock(end, timeZone)];
  if (s.time === '00:00' && e.time === '00:00') {
    const lastDay = new Date(end.getTime() - 3_600_000);
    const first = dayText(start);
    const last = dayText(lastDay);
    return first === last ? allDay(first) : `${first} – ${last}`;
  }
  if (s.date === e.date) return `${dayText(start)}${comma}${timeText(start)} – ${timeText(end)}`;
  return `${dayText(start)}${comma}${timeText(start)} – ${dayText(end)}${comma}${timeText(end)}`;
}
