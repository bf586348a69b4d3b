import {
  localDateOf,
  localTimeZone,
  nearDay,
  otherClock,
  shortDate,
  slotTime,
  timeText,
  whenText,
  longDate,
} from '@common/rules/display-time';
import { textsFor } from './areas';
import { useFormats } from './use-formats';

const useT = textsFor('slots');

/**
 * When an appointment or a free slot happens, in the viewer's language. English keeps the one
 * form every screen and e-mail already says (common/rules/display-time.ts: whenText, timeText,
 * the 12-hour slot clock, the viewer's date order), byte for byte; Spanish and Arabic say the
 * same parts through Intl, their words and order from the `slots` area.
 */
export function useWhen() {
  const t = useT();
  const format = useFormats();
  const english = format.language === 'en';
  const clock = (instant: Date | string, zone: string) => format.date(instant, 'time', zone);

  /** "Berlin time (UTC+1)", "hora de Berlín (UTC+1)". */
  const zoneWithOffset = format.zoneWithOffset;

  /** "Today", "Tomorrow" or null, in the viewer's zone. */
  const near = (instant: Date | string, now: Date, zone = localTimeZone()) => {
    const day = nearDay(instant, now, zone);
    if (!day || english) return day;
    return t(day === 'Today' ? 'slots.today' : 'slots.tomorrow');
  };

  /** "Sun, Mar 8": a day in a compact list. */
  const day = (instant: Date | string, zone = localTimeZone()) =>
    english ? shortDate(instant, zone) : format.date(instant, 'short', zone);

  /** "Today, Sun, Mar 8" near, else "Sun, Mar 8". */
  const dayLabel = (instant: Date | string, now: Date, zone = localTimeZone()) => {
    const n = near(instant, now, zone);
    return n ? t('slots.nearDay', { near: n, date: day(instant, zone) }) : day(instant, zone);
  };

  /** "02:30 PM" (the slot labels' 12-hour clock in English), "14:30", "2:30 م". */
  const slotClock = (instant: Date | string, zone = localTimeZone()) =>
    english ? slotTime(instant, zone) : clock(instant, zone);

  /** A slot on the doctor's own clock: the server's label in English ("03:30 PM"), Intl's clock otherwise. */
  const doctorClock = (slot: { startsAt: string; label: string }, doctorZone: string) =>
    english ? slot.label : clock(slot.startsAt, doctorZone);

  /** "3:00 PM Berlin time (UTC+1) · 9:00 AM New York time (UTC−5)", or the viewer's alone where the clocks agree. */
  const time = (instant: Date | string, viewerZone = localTimeZone(), otherZone?: string) => {
    if (english) return timeText(instant, viewerZone, otherZone);
    if (!otherClock(instant, viewerZone, otherZone)) {
      return t('slots.clockIn', { clock: clock(instant, viewerZone), zone: format.zoneLabel(viewerZone) });
    }
    const other = otherZone!;
    const sameDate = localDateOf(instant, viewerZone) === localDateOf(instant, other);
    return t('slots.twoClocks', {
      mine: t('slots.clockIn', { clock: clock(instant, viewerZone), zone: zoneWithOffset(viewerZone, instant) }),
      theirs: t('slots.clockIn', {
        clock: sameDate ? clock(instant, other) : format.date(instant, 'weekdayTime', other),
        zone: zoneWithOffset(other, instant),
      }),
    });
  };

  /** "Sunday, March 8, 2026 at 9:14 PM London time …": when an appointment happens. */
  const when = (instant: Date | string, viewerZone = localTimeZone(), otherZone?: string, now?: Date) => {
    if (english) return whenText(instant, viewerZone, otherZone, now);
    const date = format.date(instant, 'long', viewerZone);
    const n = now ? near(instant, now, viewerZone) : null;
    return t('slots.when', {
      date: n ? t('slots.nearDay', { near: n, date }) : date,
      time: time(instant, viewerZone, otherZone),
    });
  };

  /** "Tomorrow at 9:14 PM London time …", or "Sun, Mar 8 at …" further out: a compact list's appointment. */
  const soon = (instant: Date | string, viewerZone = localTimeZone(), otherZone?: string, now = new Date()) =>
    t('slots.when', {
      date: near(instant, now, viewerZone) ?? day(instant, viewerZone),
      time: time(instant, viewerZone, otherZone),
    });

  /** "Tuesday, November 24, 2026". */
  const long = (instant: Date | string, zone = localTimeZone()) =>
    english ? longDate(instant, zone) : format.date(instant, 'long', zone);

  return { zoneWithOffset, near, day, dayLabel, slotClock, doctorClock, time, when, soon, long };
}
