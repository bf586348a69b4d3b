import { soonClock, zoneName } from '../rules/display-time';
import { formatRelativeTime } from '../rules/relative-time';
import { offsetAt, wallClock } from '../rules/zoned-time';
import { zoneLabel } from '../rules/zone-names';
import { INTL_LOCALE, type Language } from './languages';

/**
 * Every date, time, number, amount and relative time a person reads, in their language: one
 * place, through Intl. English keeps the spec's forms ("$150", "$149.50", "5m ago"); Spanish and
 * Arabic use their locale's separators, digits and word order.
 */

// Building an Intl formatter costs far more than using one; lists and mail queues reuse them.
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  key: string,
  make: () => T,
): T {
  let f = cache.get(key) as T | undefined;
  if (!f) {
    f = make();
    cache.set(key, f);
  }
  return f;
}

const at = (instant: Date | string) => (instant instanceof Date ? instant : new Date(instant));

/** Cents to "$150" / "$149.50" (en), "150 US$" / "149,50 US$" (es), "150 US$" (ar): whole dollars drop the cents. */
export function formatMoney(cents: number, language: Language, currency = 'USD'): string {
  const whole = Number.isInteger(cents / 100);
  const f = cached(`money|${language}|${currency}|${whole}`, () => {
    const digits = whole ? 0 : 2;
    return new Intl.NumberFormat(INTL_LOCALE[language], {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
  });
  // Integer cents are divided once, here; 14950 → 149.5 is exact in binary floating point to two places.
  const text = f.format(cents / 100);
  // In a right-to-left line "150 US$" would show as "$US 150": the amount is kept one left-to-right run.
  return language === 'ar' ? `\u2066${text.replace(/\u200f/g, '')}\u2069` : text;
}

/** 1234.5 → "1,234.5" (en and ar), "1234,5" (es). */
export function formatNumber(value: number, language: Language, options: Intl.NumberFormatOptions = {}): string {
  return cached(
    `number|${language}|${JSON.stringify(options)}`,
    () => new Intl.NumberFormat(INTL_LOCALE[language], options),
  ).format(value);
}

const DATE_STYLES = {
  /** "Thursday, November 26, 2026" */
  long: { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' },
  /** "November 26, 2026" */
  day: { month: 'long', day: 'numeric', year: 'numeric' },
  /** "Thu, Nov 26" */
  short: { weekday: 'short', month: 'short', day: 'numeric' },
  /** "3:30 PM"; Spanish and Arabic read their own clock ("15:30", "3:30 م"). */
  time: { hour: 'numeric', minute: '2-digit' },
  /** "Thu 3:30 PM": a time within the coming week. */
  weekdayTime: { weekday: 'short', hour: 'numeric', minute: '2-digit' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
export type DateStyle = keyof typeof DATE_STYLES;

/** An instant as a date and/or time in a zone, in the language's own words and order. */
export function formatDate(instant: Date | string, style: DateStyle, language: Language, timeZone: string): string {
  // English keeps the one form the screens already show: "Today 3:30 PM", "Tue 3:30 PM" (decision 060).
  if (language === 'en' && style === 'weekdayTime') return soonClock(instant, new Date(), timeZone);
  const f = cached(
    `date|${style}|${language}|${timeZone}`,
    () => new Intl.DateTimeFormat(INTL_LOCALE[language], { ...DATE_STYLES[style], timeZone }),
  );
  return f.format(at(instant));
}

/**
 * How long ago: English keeps the spec's "Just now", "5m ago", "3h ago", "2d ago", then a date;
 * Spanish and Arabic say it as their locale does ("hace 5 min", "قبل 5 دقائق").
 */
export function formatRelative(instant: Date | string, now: Date, language: Language): string {
  if (language === 'en') return formatRelativeTime(instant, now);
  const then = at(instant);
  const seconds = (now.getTime() - then.getTime()) / 1000;
  if (Number.isNaN(seconds)) return '';
  const f = cached(
    `relative|${language}`,
    () => new Intl.RelativeTimeFormat(INTL_LOCALE[language], { numeric: 'auto', style: 'short' }),
  ) as Intl.RelativeTimeFormat;
  if (seconds < 60) return f.format(0, 'second');
  if (seconds < 3600) return f.format(-Math.floor(seconds / 60), 'minute');
  if (seconds < 86_400) return f.format(-Math.floor(seconds / 3600), 'hour');
  if (seconds < 7 * 86_400) return f.format(-Math.floor(seconds / 86_400), 'day');
  return then.toLocaleDateString(INTL_LOCALE[language]);
}

/** "UTC+1", "UTC−5", "UTC+5:30". */
export function formatOffset(timeZone: string, when: Date | string, language: Language): string {
  const minutes = Math.round(offsetAt(timeZone, at(when).getTime()) / 60_000);
  const abs = Math.abs(minutes);
  const hours = formatNumber(Math.floor(abs / 60), language);
  const rest = abs % 60 ? `:${formatNumber(abs % 60, language, { minimumIntegerDigits: 2 })}` : '';
  // U+2212 MINUS SIGN; an Arabic line keeps "UTC−5" in one left-to-right run.
  const text = `UTC${minutes < 0 ? '\u2212' : '+'}${hours}${rest}`;
  return language === 'ar' ? `\u2066${text}\u2069` : text;
}

/** Zone names per language: "{place} time", "hora de {place}", "توقيت {place}". */
const ZONE_PHRASE: Record<Language, (place: string) => string> = {
  en: (place) => `${place} time`,
  es: (place) => `hora de ${place}`,
  ar: (place) => `توقيت ${place}`,
};

/**
 * "Berlin time", "hora de Berlín", "توقيت برلين": a zone named by its place (decision 047) in the
 * reader's language. `cityName` gives the place's name in that language where the catalogue has
 * one (`zones.json`); otherwise the IANA city stands as it is.
 */
export function zoneLabelIn(
  timeZone: string,
  language: Language,
  cityName?: (zone: string) => string | undefined,
): string {
  const english = zoneLabel(timeZone);
  if (language === 'en') return english;
  // UTC, the fixed offsets ("UTC−5") and the few old region ids stay as English names them.
  if (!timeZone.includes('/') || timeZone.startsWith('Etc/')) return english;
  return ZONE_PHRASE[language](cityName?.(timeZone) ?? english.replace(/ time$/, ''));
}

/**
 * "Berlin time (UTC+1)", "hora de Berlín (UTC+1)": a zone by its place, as `label` names it in the
 * language, with its offset at `when`; UTC and the fixed "UTC−5" zones are their own offset.
 * English is display-time's `zoneName`, the form every screen and e-mail already says.
 */
export function zoneWithOffset(timeZone: string, when: Date | string, language: Language, label: string): string {
  if (language === 'en') return zoneName(timeZone, when);
  return label.startsWith('UTC') ? label : `${label} (${formatOffset(timeZone, when, language)})`;
}

/** "YYYY-MM-DD" of an instant in a zone. */
export const localDate = (instant: Date | string, timeZone: string) => wallClock(at(instant), timeZone).date;
