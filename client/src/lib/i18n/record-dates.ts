import { compactDate, localTimeZone, momentText, whenText } from '@common/rules/display-time';
import { INTL_LOCALE, type Language } from '@common/i18n/languages';
import { useFormats } from './use-formats';

/*
 * The dates of records in lists and consoles (a payment's day, an audit event's moment, a report's
 * day). English keeps the forms these screens have always shown (compactDate, momentText, whenText,
 * which follow the viewer's regional date order); Spanish and Arabic say them through Intl in their
 * own words and order, with the zone named in the language.
 */

const formats = new Map<string, Intl.DateTimeFormat>();
function formatOf(language: Language, timeZone: string, kind: 'day' | 'moment' | 'when') {
  const key = `${kind}|${language}|${timeZone}`;
  let f = formats.get(key);
  if (!f) {
    const options: Intl.DateTimeFormatOptions =
      kind === 'day'
        ? { month: 'short', day: 'numeric', year: 'numeric' }
        : kind === 'moment'
          ? { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' }
          : { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' };
    f = new Intl.DateTimeFormat(INTL_LOCALE[language], { ...options, timeZone });
    formats.set(key, f);
  }
  return f;
}

export type RecordDates = {
  language: Language;
  /** "Nov 24, 2026", "24 nov 2026", "24 نوفمبر 2026": the day of a record. */
  day: (instant: string | Date, timeZone?: string) => string;
  /** "Tue, Nov 24, 2026, 3:30 PM Berlin time": a moment in a record. */
  moment: (instant: string | Date, timeZone?: string) => string;
  /** An appointment's date and time with its zone named (whenText in English). */
  when: (instant: string | Date, timeZone?: string) => string;
};

export function recordDates(language: Language, zoneLabel: (timeZone: string) => string): RecordDates {
  const at = (instant: string | Date) => (instant instanceof Date ? instant : new Date(instant));
  if (language === 'en')
    return {
      language,
      day: (instant, timeZone = localTimeZone()) => compactDate(instant, timeZone),
      moment: (instant, timeZone = localTimeZone()) => momentText(instant, timeZone),
      when: (instant, timeZone = localTimeZone()) => whenText(instant, timeZone),
    };
  return {
    language,
    day: (instant, timeZone = localTimeZone()) => formatOf(language, timeZone, 'day').format(at(instant)),
    moment: (instant, timeZone = localTimeZone()) =>
      `${formatOf(language, timeZone, 'moment').format(at(instant))} (${zoneLabel(timeZone)})`,
    when: (instant, timeZone = localTimeZone()) =>
      `${formatOf(language, timeZone, 'when').format(at(instant))} (${zoneLabel(timeZone)})`,
  };
}

/** The record dates in the viewer's language and zone. */
export function useRecordDates(): RecordDates {
  const f = useFormats();
  return recordDates(f.language, f.zoneLabel);
}
