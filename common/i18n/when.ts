import type { Weekday } from '../constants/schedule';
import { WEEKDAYS } from '../constants/schedule';
import {
  clockTime,
  compactDate,
  dayDate,
  localDateOf,
  localTimeZone,
  longDate,
  momentText,
  nearDay,
  sameClock,
  shortDate,
  slotTime,
  timeText,
  whenText,
} from '../rules/display-time';
import { formatDate, zoneWithOffset } from './format';
import { INTL_LOCALE, type Language } from './languages';

/**
 * How Medora says a visit's time or a record's moment to a reader, written once for the screens,
 * the e-mails, the notifications, the calendar files and the PDFs (decision 066).
 *
 * English is common/rules/display-time.ts byte for byte (the spec's forms: "Sunday, March 8, 2026
 * at 9:14 PM London time (UTC+0) · 5:14 PM New York time (UTC−4)", the 12-hour slot clock, the
 * viewer's regional date order). Spanish and Arabic say the same parts through Intl in their own
 * words and order, joined by the `when` area's words (common/i18n/<lang>/screens/when.json), with
 * zones named by their place (decision 047) and Western digits in Arabic (decision 058).
 */

/** The `when` area's keys (the client and the server both read that one file). */
export type WhenKey = Exclude<keyof typeof import('./en/screens/when.json') & string, 'default'>;

export type WhenWords = {
  language: Language;
  /** A `when` word in the reader's language: the client's `t`, the server's `translate`. */
  say: (key: WhenKey, values?: Record<string, string>) => string;
  /** "Berlin time", "hora de Berlín", "توقيت برلين": a zone by its place in the language. */
  zoneLabel: (zone: string) => string;
};

type Instant = Date | string;
const at = (instant: Instant) => (instant instanceof Date ? instant : new Date(instant));

// Building an Intl.DateTimeFormat costs far more than using one; lists and mail queues reuse them.
const formats = new Map<string, Intl.DateTimeFormat>();
function intlFormat(language: Language, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(INTL_LOCALE[language], options);
    formats.set(key, f);
  }
  return f;
}

const COMPACT = { month: 'short', day: 'numeric', year: 'numeric' } as const;
const MOMENT = { weekday: 'short', ...COMPACT, hour: 'numeric', minute: '2-digit' } as const;

// 2024-01-01 was a Monday: the product's week starts there whatever the locale's first day is.
const MONDAY = Date.UTC(2024, 0, 1, 12);

/** "Monday", "lunes", "الاثنين": a weekday of the doctor's week in the language. */
export function weekdayName(day: Weekday, language: Language): string {
  const instant = new Date(MONDAY + WEEKDAYS.indexOf(day) * 86_400_000);
  return intlFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(instant);
}

/** Every way a date or time is said, in the reader's language; zones default to the viewer's. */
export function whenIn(words: WhenWords) {
  const { language, say, zoneLabel } = words;
  const english = language === 'en';
  const clockOf = (instant: Instant, zone: string) => formatDate(instant, 'time', language, zone);

  /** "Berlin time (UTC+1)", "hora de Berlín (UTC+1)"; UTC and the fixed offsets are their own offset. */
  const zoneName = (zone = localTimeZone(), when: Instant = new Date()) =>
    zoneWithOffset(zone, when, language, zoneLabel(zone));

  /** "Today", "Hoy" or null: the instant's day against `now`'s, in the zone. */
  const near = (instant: Instant, now: Date, zone = localTimeZone()) => {
    const day = nearDay(instant, now, zone);
    if (!day || english) return day;
    return say(day === 'Today' ? 'when.today' : 'when.tomorrow');
  };

  /** "Tuesday, November 24, 2026". */
  const long = (instant: Instant, zone = localTimeZone()) =>
    english ? longDate(instant, zone) : formatDate(instant, 'long', language, zone);

  /** "Sun, Mar 8"; with `now`, a near day named first: "Today, Sun, Mar 8". */
  const short = (instant: Instant, zone = localTimeZone(), now?: Date) => {
    const date = english ? shortDate(instant, zone) : formatDate(instant, 'short', language, zone);
    const day = now ? near(instant, now, zone) : null;
    return day ? say('when.nearDay', { near: day, date }) : date;
  };

  /** "9:14 PM Berlin time", "15:00 hora de Berlín". */
  const clock = (instant: Instant, zone = localTimeZone()) =>
    english ? clockTime(instant, zone) : say('when.clockIn', { clock: clockOf(instant, zone), zone: zoneLabel(zone) });

  /** "3:00 PM Berlin time (UTC+1) · 9:00 AM New York time (UTC−5)", or the viewer's clock alone where they agree. */
  const time = (instant: Instant, viewerZone = localTimeZone(), otherZone?: string) => {
    if (english) return timeText(instant, viewerZone, otherZone);
    if (!otherZone || otherZone === viewerZone || sameClock(instant, viewerZone, otherZone)) {
      return clock(instant, viewerZone);
    }
    // The other party's weekday is named when their date is not the viewer's, as English does.
    const sameDate = localDateOf(instant, viewerZone) === localDateOf(instant, otherZone);
    return say('when.twoClocks', {
      mine: say('when.clockIn', { clock: clockOf(instant, viewerZone), zone: zoneName(viewerZone, instant) }),
      theirs: say('when.clockIn', {
        clock: sameDate ? clockOf(instant, otherZone) : formatDate(instant, 'weekdayTime', language, otherZone),
        zone: zoneName(otherZone, instant),
      }),
    });
  };

  return {
    language,
    zoneLabel,
    zoneName,
    near,
    /** "Tuesday, November 24, 2026": an appointment's day. */
    longDate: long,
    /** "November 24, 2026": a day without its weekday. */
    dayDate: (instant: Instant, zone = localTimeZone()) =>
      english ? dayDate(instant, zone) : formatDate(instant, 'day', language, zone),
    /** "Nov 24, 2026", "24 nov 2026": the day of a record in a list. */
    compactDate: (instant: Instant, zone = localTimeZone()) =>
      english ? compactDate(instant, zone) : intlFormat(language, { ...COMPACT, timeZone: zone }).format(at(instant)),
    shortDate: short,
    clock,
    time,
    /** "02:30 PM" (the slot labels' 12-hour clock in English), "14:30", "2:30 م": a clock alone. */
    slotTime: (instant: Instant, zone = localTimeZone()) =>
      english ? slotTime(instant, zone) : clockOf(instant, zone),
    /** A slot on the doctor's own clock: the server's label in English ("03:30 PM"), Intl's clock otherwise. */
    doctorClock: (slot: { startsAt: string; label: string }, doctorZone: string) =>
      english ? slot.label : clockOf(slot.startsAt, doctorZone),
    /** "Sunday, March 8, 2026 at 9:14 PM London time …": when an appointment happens; `now` names a near day. */
    when: (instant: Instant, viewerZone = localTimeZone(), otherZone?: string, now?: Date) => {
      if (english) return whenText(instant, viewerZone, otherZone, now);
      const date = long(instant, viewerZone);
      const day = now ? near(instant, now, viewerZone) : null;
      return say('when.at', {
        date: day ? say('when.nearDay', { near: day, date }) : date,
        time: time(instant, viewerZone, otherZone),
      });
    },
    /** "Tomorrow at 9:14 PM London time …", or "Sun, Mar 8 at …" further out: a compact list's appointment. */
    soon: (instant: Instant, viewerZone = localTimeZone(), otherZone?: string, now = new Date()) =>
      say('when.at', {
        date: near(instant, now, viewerZone) ?? short(instant, viewerZone),
        time: time(instant, viewerZone, otherZone),
      }),
    /** "Tue, Nov 24, 2026, 3:30 PM Berlin time": a moment in a record (a sign-in, an e-mail), not an appointment. */
    moment: (instant: Instant, zone = localTimeZone()) =>
      english
        ? momentText(instant, zone)
        : say('when.moment', {
            moment: intlFormat(language, { ...MOMENT, timeZone: zone }).format(at(instant)),
            zone: zoneLabel(zone),
          }),
    weekdayName: (day: Weekday) => weekdayName(day, language),
  };
}

export type When = ReturnType<typeof whenIn>;
