import {
  clockTime,
  localTimeZone,
  longDate,
  nearDay,
  sameClock,
  shortDate,
  timeText,
  whenText,
  zoneName,
} from '../rules/display-time';
import { formatDate, zoneWithOffset } from './format';
import type { Language } from './languages';

/** The few words the appointment times need from the reader's catalogue. */
export type VisitTimeWords = {
  /** "{date} at {time}" */
  when: (date: string, time: string) => string;
  /** "Today, {date}" and "Tomorrow, {date}" */
  today: (date: string) => string;
  tomorrow: (date: string) => string;
  /** "Berlin time" in the reader's language ("hora de Berlín"). */
  zoneLabel: (zone: string) => string;
};

type Instant = Date | string;

/**
 * Appointment dates and times in a language. English keeps the one wording every screen, e-mail
 * and document shares (common/rules/display-time.ts) byte for byte; Spanish and Arabic say the same
 * things with Intl and the catalogue ("jueves, 26 de noviembre de 2026 a las 15:00 hora de Berlín"),
 * as the localized e-mail does. A module of its own (not client/src/lib) so the screens that use it
 * share a chunk the landing page does not load.
 */
export function visitTimeIn(language: Language, words: VisitTimeWords) {
  const english = language === 'en';
  const clockOf = (instant: Instant, zone: string) => formatDate(instant, 'time', language, zone);
  const zoneNameIn = (zone: string, when: Instant = new Date()) =>
    zoneWithOffset(zone, when, language, words.zoneLabel(zone));
  const time = (instant: Instant, viewer = localTimeZone(), other?: string) => {
    if (english) return timeText(instant, viewer, other);
    return other && other !== viewer && !sameClock(instant, viewer, other)
      ? `${clockOf(instant, viewer)} ${zoneNameIn(viewer, instant)} \u00b7 ${clockOf(instant, other)} ${zoneNameIn(other, instant)}`
      : `${clockOf(instant, viewer)} ${words.zoneLabel(viewer)}`;
  };
  /** "Today, …" / "Tomorrow, …" before a date when `now` is given and the day is near. */
  const near = (instant: Instant, date: string, zone: string, now?: Date) => {
    const day = now ? nearDay(instant, now, zone) : null;
    if (!day) return date;
    if (english) return `${day}, ${date}`;
    return day === 'Today' ? words.today(date) : words.tomorrow(date);
  };
  return {
    /** whenText: "Sunday, March 8, 2026 at 9:14 PM London time (UTC+0) · 5:14 PM New York time (UTC−4)". */
    when: (instant: Instant, viewer = localTimeZone(), other?: string, now?: Date) =>
      english
        ? whenText(instant, viewer, other, now)
        : words.when(
            near(instant, formatDate(instant, 'long', language, viewer), viewer, now),
            time(instant, viewer, other),
          ),
    /** timeText: the viewer's clock, the other party's beside it where it differs. */
    time,
    /** clockTime: "9:14 PM Berlin time". */
    clock: (instant: Instant, zone = localTimeZone()) =>
      english ? clockTime(instant, zone) : `${clockOf(instant, zone)} ${words.zoneLabel(zone)}`,
    /** zoneName: "Berlin time (UTC+1)". */
    zoneName: (zone: string, when: Instant = new Date()) => (english ? zoneName(zone, when) : zoneNameIn(zone, when)),
    /** longDate: "Tuesday, November 24, 2026". */
    longDate: (instant: Instant, zone = localTimeZone()) =>
      english ? longDate(instant, zone) : formatDate(instant, 'long', language, zone),
    /** shortDate: "Sun, Mar 8"; with `now`, a near day is named first ("Today, Sun, Mar 8"). */
    shortDate: (instant: Instant, zone = localTimeZone(), now?: Date) =>
      near(instant, english ? shortDate(instant, zone) : formatDate(instant, 'short', language, zone), zone, now),
  };
}

export type VisitTime = ReturnType<typeof visitTimeIn>;
