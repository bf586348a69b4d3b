import type { Weekday } from '@common/constants/schedule';
import { WEEKDAYS } from '@common/constants/schedule';
import { compactDate, localTimeZone, slotTime } from '@common/rules/display-time';
import { INTL_LOCALE, type Language } from '@common/i18n/languages';
import { useFormats } from './use-formats';

/*
 * The display-time helpers the doctor's screens used in English, in the viewer's language. English
 * keeps the helpers' own output byte for byte (the spec's forms, the region's date order); Spanish
 * and Arabic take their locale's words, order and clock.
 */

const formats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(language: Language, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(INTL_LOCALE[language], options);
    formats.set(key, f);
  }
  return f;
}

// 2024-01-01 was a Monday: the product's week starts there whatever the locale's first day is.
const MONDAY = Date.UTC(2024, 0, 1, 12);

/** "Monday", "lunes", "الاثنين": a weekday of the doctor's week in the language. */
export function weekdayName(day: Weekday, language: Language): string {
  const instant = new Date(MONDAY + WEEKDAYS.indexOf(day) * 86_400_000);
  return dateFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(instant);
}

/** useFormats() plus the doctor's screens' date helpers, in the viewer's language. */
export function useViewerDates() {
  const f = useFormats();
  const { language } = f;
  return {
    ...f,
    /** "Nov 24, 2026": the day of a record in a list. */
    compactDate: (instant: Date | string, timeZone = localTimeZone()) =>
      language === 'en'
        ? compactDate(instant, timeZone)
        : dateFormat(language, { month: 'short', day: 'numeric', year: 'numeric', timeZone }).format(new Date(instant)),
    /** "02:30 PM" in English (the slot labels' style), the language's own clock otherwise. */
    slotTime: (instant: Date | string, timeZone = localTimeZone()) =>
      language === 'en' ? slotTime(instant, timeZone) : f.date(instant, 'time', timeZone),
    /** "Berlin time (UTC+1)", "hora de Berlín (UTC+1)": a zone named with its offset now. */
    zoneName: (timeZone: string) => f.zoneWithOffset(timeZone),
    weekdayName: (day: Weekday) => weekdayName(day, language),
    /** Account digits, codes and IBANs stay one left-to-right run inside an Arabic sentence. */
    ltr: (text: string) => (language === 'ar' ? `\u2066${text}\u2069` : text),
  };
}
