import { localTimeZone as viewerZone, viewerRegion } from '../rules/display-time';
import { offsetAt, wallClock } from '../rules/zoned-time';
import { zoneLabel } from '../rules/zone-names';
import { INTL_LOCALE, type Language } from './languages';

/**
 * Every date, time, number, amount and relative time a person reads, in their language: one
 * place, through Intl, the same code for every language. What differs between them is data: the
 * locale (languages.ts), whether dates follow the reader's region, and how a slot's hour is written.
 */

// Building an Intl formatter costs far more than using one; lists and mail queues reuse them.
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat | Intl.ListFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat | Intl.ListFormat>(
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

/** How each language joins a list; English leaves out the serial comma ("WHO, CDC and PAHO"). */
const LIST_LOCALE: Record<Language, string> = { ...INTL_LOCALE, en: 'en-GB' };

/** "WHO, CDC and PAHO", "OMS, CDC y OPS", "a, b or c" (disjunction). */
export function formatList(items: string[], language: Language, type: 'conjunction' | 'disjunction' = 'conjunction') {
  return cached(`list:${language}:${type}`, () => new Intl.ListFormat(LIST_LOCALE[language], { type })).format(items);
}

const at = (instant: Date | string) => (instant instanceof Date ? instant : new Date(instant));

/**
 * The one money formatter. Cents to "$150" / "$149.50" (en), "150 US$" / "149,50 US$" (es),
 * "150 US$" (ar): whole dollars drop the cents, except where every amount is shown to the cent
 * (a receipt: "$150.00").
 */
export function formatMoney(
  cents: number,
  language: Language,
  { currency = 'USD', toTheCent = false }: { currency?: string; toTheCent?: boolean } = {},
): string {
  const code = currency.toUpperCase();
  const digits = toTheCent || !Number.isInteger(cents / 100) ? 2 : 0;
  const f = cached(`money|${language}|${code}|${digits}`, () => {
    return new Intl.NumberFormat(INTL_LOCALE[language], {
      style: 'currency',
      currency: code,
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

/**
 * English dates follow the reader's region ("Thursday 26 November 2026" in Britain, "Thursday,
 * November 26, 2026" in the United States): English is read in both orders. Spanish is the generic
 * `es` and Arabic one locale (decision 058). Clocks never follow the region: "3:30 PM" in English.
 */
const REGIONAL_DATES: Record<Language, boolean> = { en: true, es: false, ar: false };

/** The spec's slot labels write a two-digit hour ("02:30 PM"); Spanish and Arabic their clock's ("9:00"). */
const SLOT_HOUR: Record<Language, '2-digit' | 'numeric'> = { en: '2-digit', es: 'numeric', ar: 'numeric' };

const supported = new Map<string, string>();
/** The locale a language writes dates in for this reader: its regional variant where it has one. */
export function dateLocale(language: Language): string {
  const region = REGIONAL_DATES[language] ? viewerRegion() : undefined;
  if (!region) return INTL_LOCALE[language];
  const tag = `${language}-${region}`;
  let locale = supported.get(tag);
  if (locale === undefined) {
    locale = Intl.DateTimeFormat.supportedLocalesOf([tag])[0] ?? INTL_LOCALE[language];
    supported.set(tag, locale);
  }
  return locale;
}

const CLOCK = { hour: 'numeric', minute: '2-digit' } as const;
const DATE_STYLES = {
  /** "Thursday, November 26, 2026" */
  long: { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' },
  /** "November 26, 2026" */
  day: { month: 'long', day: 'numeric', year: 'numeric' },
  /** "Nov 26, 2026": the day of a record in a list. */
  compact: { month: 'short', day: 'numeric', year: 'numeric' },
  /** "Thu, Nov 26, 2026": the date of a record's moment. */
  medium: { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' },
  /** "Thu, Nov 26" */
  short: { weekday: 'short', month: 'short', day: 'numeric' },
  /** "3:30 PM"; Spanish and Arabic read their own clock ("15:30", "3:30 م"). */
  time: CLOCK,
  /** "Thu 3:30 PM": a time within the coming week. */
  weekdayTime: { weekday: 'short', ...CLOCK },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
export type DateStyle = keyof typeof DATE_STYLES | 'slot';
const CLOCK_STYLES = new Set<DateStyle>(['time', 'weekdayTime', 'slot']);

/**
 * An instant as a date and/or time in a zone, in the language's own words and order. Some ICU
 * versions put a narrow no-break space before "PM"; a clock is written with a plain one everywhere.
 */
export function formatDate(instant: Date | string, style: DateStyle, language: Language, timeZone: string): string {
  const clock = CLOCK_STYLES.has(style);
  const locale = clock ? INTL_LOCALE[language] : dateLocale(language);
  const f = cached(`date|${style}|${locale}|${timeZone}`, () => {
    const options = style === 'slot' ? { hour: SLOT_HOUR[language], minute: '2-digit' } : DATE_STYLES[style];
    return new Intl.DateTimeFormat(locale, { ...options, timeZone } as Intl.DateTimeFormatOptions);
  }) as Intl.DateTimeFormat;
  const text = f.format(at(instant));
  return clock ? text.replace(/\u202f/g, ' ') : text;
}

const MINUTE_S = 60;
const HOUR_S = 3600;
const DAY_S = 86_400;
/**
 * How long ago: "Just now" (the caller's word: `when.justNow`), then "5m ago", "hace 5 min",
 * "قبل 5 دقائق", then from a week on the day itself. A time slightly ahead (clock skew) is "Just
 * now"; an unreadable one is empty rather than "Invalid Date".
 */
export function formatRelative(instant: Date | string, now: Date, language: Language, justNow: string): string {
  const then = at(instant);
  const seconds = (now.getTime() - then.getTime()) / 1000;
  if (Number.isNaN(seconds)) return '';
  if (seconds < MINUTE_S) return justNow;
  const f = cached(
    `relative|${language}`,
    () => new Intl.RelativeTimeFormat(INTL_LOCALE[language], { numeric: 'always', style: 'narrow' }),
  ) as Intl.RelativeTimeFormat;
  if (seconds < HOUR_S) return f.format(-Math.floor(seconds / MINUTE_S), 'minute');
  if (seconds < DAY_S) return f.format(-Math.floor(seconds / HOUR_S), 'hour');
  if (seconds < 7 * DAY_S) return f.format(-Math.floor(seconds / DAY_S), 'day');
  return formatDate(then, 'compact', language, viewerZone());
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
  const label = zoneLabel(timeZone);
  // UTC, the fixed offsets ("UTC−5") and the few old region ids are their own name in every language.
  if (!timeZone.includes('/') || timeZone.startsWith('Etc/')) return label;
  return ZONE_PHRASE[language](cityName?.(timeZone) ?? label.replace(/ time$/, ''));
}

/**
 * "Berlin time (UTC+1)", "hora de Berlín (UTC+1)": a zone by its place, as `label` names it in the
 * language, with its offset at `when`; UTC and the fixed "UTC−5" zones are their own offset.
 */
export function zoneWithOffset(timeZone: string, when: Date | string, language: Language, label: string): string {
  return label.startsWith('UTC') ? label : `${label} (${formatOffset(timeZone, when, language)})`;
}

/** "YYYY-MM-DD" of an instant in a zone. */
export const localDate = (instant: Date | string, timeZone: string) => wallClock(at(instant), timeZone).date;
