import { INTL_LOCALE } from '@common/i18n/languages';

const KNOWN = new Set(Object.values(INTL_LOCALE));

type LocaleCheck = (locales: Intl.LocalesArgument, options?: Intl.NumberFormatOptions) => string[];

/**
 * react-intl asks `Intl.NumberFormat.supportedLocalesOf(locale)` when it starts and for every
 * message it formats. Chromium answers the first call by listing every locale it has: measured at
 * 64 ms on this machine's Chromium (the first NumberFormat itself costs 35), more than any of our
 * own start-up work, and four times that on the phone Lighthouse models. Medora's three locales
 * are in every browser's data, so a question about exactly one of them is answered here; any
 * other question goes to the browser as before.
 */
export function answerKnownLocales() {
  for (const kind of [Intl.NumberFormat, Intl.DateTimeFormat] as { supportedLocalesOf: LocaleCheck }[]) {
    const ask = kind.supportedLocalesOf.bind(kind);
    kind.supportedLocalesOf = (locales, options) =>
      typeof locales === 'string' && KNOWN.has(locales) && options === undefined ? [locales] : ask(locales, options);
  }
}
