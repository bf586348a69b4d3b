import type { Weekday } from '../constants/schedule';
import { WEEKDAYS } from '../constants/schedule';
import { localDateOf, localTimeZone, nearDay, sameClock } from '../rules/display-time';
import { formatDate, formatRelative, zoneWithOffset } from './format';
import { INTL_LOCALE, type Language } from './languages';

/**
 * How Medora says a visit's time or a record's moment to a reader, written once for the screens,
 * the e-mails, the notifications, the calendar files and the PDFs (decision 066), the same code
 * for every language (decision 099).
 *
 * The parts come from Intl through format.ts (English dates in the reader's regional order, its
 * 12-hour clock and two-digit slot hour; Western digits in Arabic, decision 058); the words that join
 * them come from the `when` area of each language's catalogue (common/i18n/<lang>/screens/when.json):
 * "{date} at {time}", "Today", "{clock} {zone}"; zones are named by their place (decision 047).
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

const weekdays = new Map<Language, Intl.DateTimeFormat>();
const weekdayFormat = (language: Language) => {
  let f = weekdays.get(language);
  if (!f) {
    f = new Intl.DateTimeFormat(INTL_LOCALE[language], { weekday: 'long', timeZone: 'UTC' });
    weekdays.set(language, f);
  }
  return f;
};

// 2024-01-01 was a Monday: the product's week starts there whatever the locale's first day is.
const MONDAY = Date.UTC(2024, 0, 1, 12);

/** "Monday", "lunes", "الاثنين": a weekday of the doctor's week in the language. */
export function weekdayName(day: Weekday, language: Language): string {
  const instant = new Date(MONDAY + WEEKDAYS.indexOf(day) * 86_400_000);
  return weekdayFormat(language).format(instant);
}

/** Every way a date or time is said, in the reader's language; zones default to the viewer's. */
export function whenIn(words: WhenWords) {
  const { language, say, zoneLabel } = words;
  const clockOf = (instant: Instant, zone: string) => formatDate(instant, 'time', language, zone);

  /** "Berlin time (UTC+1)", "hora de Berlín (UTC+1)"; UTC and the fixed offsets are their own offset. */
  const zoneName = (zone = localTimeZone(), when: Instant = new Date()) =>
    zoneWithOffset(zone, when, language, zoneLabel(zone));

  /** "Today", "Hoy" or null: the instant's day against `now`'s, in the zone. */
  const near = (instant: Instant, now: Date, zone = localTimeZone()) => {
    const day = nearDay(instant, now, zone);
    return day ? say(day === 'Today' ? 'when.today' : 'when.tomorrow') : null;
  };

  /** "Tuesday, November 24, 2026". */
  const long = (instant: Instant, zone = localTimeZone()) => formatDate(instant, 'long', language, zone);

  /** "Sun, Mar 8"; with `now`, a near day named first: "Today, Sun, Mar 8". */
  const short = (instant: Instant, zone = localTimeZone(), now?: Date) => {
    const date = formatDate(instant, 'short', language, zone);
    const day = now ? near(instant, now, zone) : null;
    return day ? say('when.nearDay', { near: day, date }) : date;
  };

  /** "9:14 PM Berlin time", "15:00 hora de Berlín". */
  const clock = (instant: Instant, zone = localTimeZone()) =>
    say('when.clockIn', { clock: clockOf(instant, zone), zone: zoneLabel(zone) });

  /** "3:00 PM Berlin time (UTC+1) · 9:00 AM New York time (UTC−5)", or the viewer's clock alone where they agree. */
  const time = (instant: Instant, viewerZone = localTimeZone(), otherZone?: string) => {
    if (!otherZone || otherZone === viewerZone || sameClock(instant, viewerZone, otherZone)) {
      return clock(instant, viewerZone);
    }
    // The other party's weekday is named when their date is not the viewer's.
    const sameDate = localDateOf(instant, viewerZone) === localDateOf(instant, otherZone);
    return say('when.twoClocks', {
      mine: say('when.clockIn', { clock: clockOf(instant, viewerZone), zone: zoneName(viewerZone, instant) }),
      theirs: say('when.clockIn', {
        clock: sameDate ? clockOf(instant, otherZone) : formatDate(instant, 'weekdayTime', language, otherZone),
        zone: zoneName(otherZone, instant),
      }),
    });
  };

  /** "02:30 PM" (the slot labels' 12-hour clock in English), "14:30", "2:30 م": a clock alone. */
  const slotTime = (instant: Instant, zone = localTimeZone()) => formatDate(instant, 'slot', language, zone);

  return {
    language,
    zoneLabel,
    zoneName,
    near,
    /** "Tuesday, November 24, 2026": an appointment's day. */
    longDate: long,
    /** "November 24, 2026": a day without its weekday. */
    dayDate: (instant: Instant, zone = localTimeZone()) => formatDate(instant, 'day', language, zone),
    /** "Nov 24, 2026", "24 nov 2026": the day of a record in a list. */
    compactDate: (instant: Instant, zone = localTimeZone()) => formatDate(instant, 'compact', language, zone),
    shortDate: short,
    clock,
    time,
    slotTime,
    /** A slot on the doctor's own clock: "03:30 PM", "15:30". */
    doctorClock: (slot: { startsAt: string }, doctorZone: string) => slotTime(slot.startsAt, doctorZone),
    /** "Today 3:30 PM", "Tomorrow 9:00 AM", else "Sat 3:30 PM": a card's next free slot, within the week. */
    nextSlot: (instant: Instant, now = new Date(), zone = localTimeZone()) => {
      const day = near(instant, now, zone);
      return day
        ? say('when.nearClock', { near: day, clock: clockOf(instant, zone) })
        : formatDate(instant, 'weekdayTime', language, zone);
    },
    /** "Sunday, March 8, 2026 at 9:14 PM London time …": when an appointment happens; `now` names a near day. */
    when: (instant: Instant, viewerZone = localTimeZone(), otherZone?: string, now?: Date) => {
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
      say('when.moment', {
        date: formatDate(instant, 'medium', language, zone),
        clock: clockOf(instant, zone),
        zone: zoneLabel(zone),
      }),
    /** "Just now", "5m ago", "hace 5 min", then the day: how long ago a record was made. */
    relative: (instant: Instant, now = new Date()) => formatRelative(instant, now, language, say('when.justNow')),
    weekdayName: (day: Weekday) => weekdayName(day, language),
  };
}

export type When = ReturnType<typeof whenIn>;
