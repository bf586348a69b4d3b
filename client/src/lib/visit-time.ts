import { formatOffset } from '@common/i18n/format';
import { INTL_LOCALE, type Language } from '@common/i18n/languages';
import {
  clockTime,
  compactDate,
  localTimeZone,
  longDate,
  nearDay,
  sameClock,
  shortDate,
  timeText,
  whenText,
  zoneName,
} from '@common/rules/display-time';
import { textsFor } from './i18n/areas';
import { useFormats } from './i18n/use-formats';

const useT = textsFor('visits');

/**
 * The appointment screens' dates and times in the viewer's language. English keeps the one
 * wording every screen, e-mail and document shares (common/rules/display-time.ts) byte for byte;
 * Spanish and Arabic say the same things with Intl and the catalogue ("jueves, 26 de noviembre de
 * 2026 a las 15:00 hora de Berlín"), as the localized e-mail does.
 */
export function useVisitTime() {
  const t = useT();
  const f = useFormats();
  const english = f.language === 'en';
  const clock = (instant: Date | string, zone: string) => `${f.date(instant, 'time', zone)} ${f.zoneLabel(zone)}`;
  const withOffset = (instant: Date | string, zone: string) =>
    `${f.date(instant, 'time', zone)} ${zoneNameIn(zone, instant)}`;
  const zoneNameIn = (zone: string, when: Date | string = new Date()) => {
    const label = f.zoneLabel(zone);
    return label.startsWith('UTC') ? label : `${label} (${formatOffset(zone, when, f.language)})`;
  };
  const otherDiffers = (instant: Date | string, viewer: string, other: string | undefined): other is string =>
    !!other && other !== viewer && !sameClock(instant, viewer, other);
  const time = (instant: Date | string, viewer = localTimeZone(), other?: string) => {
    if (english) return timeText(instant, viewer, other);
    return otherDiffers(instant, viewer, other)
      ? `${withOffset(instant, viewer)} \u00b7 ${withOffset(instant, other)}`
      : clock(instant, viewer);
  };
  /** "Today, …" / "Tomorrow, …" before a date when `now` is given and the day is near. */
  const near = (instant: Date | string, date: string, zone: string, now?: Date) => {
    const day = now ? nearDay(instant, now, zone) : null;
    if (!day) return date;
    return day === 'Today' ? t('visits.near.today', { date }) : t('visits.near.tomorrow', { date });
  };
  return {
    language: f.language,
    /** whenText: "Sunday, March 8, 2026 at 9:14 PM London time (UTC+0) · 5:14 PM New York time (UTC−4)". */
    when: (instant: Date | string, viewer = localTimeZone(), other?: string, now?: Date) =>
      english
        ? whenText(instant, viewer, other, now)
        : t('visits.when', {
            date: near(instant, f.date(instant, 'long', viewer), viewer, now),
            time: time(instant, viewer, other),
          }),
    /** timeText: the viewer's clock, the other party's beside it where it differs. */
    time,
    /** clockTime: "9:14 PM Berlin time". */
    clock: (instant: Date | string, zone = localTimeZone()) =>
      english ? clockTime(instant, zone) : clock(instant, zone),
    /** zoneName: "Berlin time (UTC+1)". */
    zoneName: (zone: string, when: Date | string = new Date()) =>
      english ? zoneName(zone, when) : zoneNameIn(zone, when),
    /** longDate: "Tuesday, November 24, 2026". */
    longDate: (instant: Date | string, zone = localTimeZone()) =>
      english ? longDate(instant, zone) : f.date(instant, 'long', zone),
    /** shortDate: "Sun, Mar 8"; with `now`, a near day is named first ("Today, Sun, Mar 8"). */
    shortDate: (instant: Date | string, zone = localTimeZone(), now?: Date) => {
      const date = english ? shortDate(instant, zone) : f.date(instant, 'short', zone);
      if (english) {
        const day = now ? nearDay(instant, now, zone) : null;
        return day ? `${day}, ${date}` : date;
      }
      return near(instant, date, zone, now);
    },
    /** compactDate: "Nov 24, 2026". */
    compactDate: (instant: Date | string, zone = localTimeZone()) =>
      english ? compactDate(instant, zone) : compactIn(f.language, instant, zone),
  };
}

const compactFormats = new Map<string, Intl.DateTimeFormat>();
function compactIn(language: Language, instant: Date | string, timeZone: string) {
  const id = `${language}|${timeZone}`;
  let f = compactFormats.get(id);
  if (!f) {
    f = new Intl.DateTimeFormat(INTL_LOCALE[language], { month: 'short', day: 'numeric', year: 'numeric', timeZone });
    compactFormats.set(id, f);
  }
  return f.format(instant instanceof Date ? instant : new Date(instant));
}
