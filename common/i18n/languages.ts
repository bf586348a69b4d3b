/** The languages Medora speaks. English is the source: the spec's texts, to the letter. */
export const LANGUAGES = ['en', 'es', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language named in itself, as the switch shows it: a reader finds their own. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español', ar: 'العربية' };

/** The visitor's choice, remembered without an account (an account keeps its own, `users.language`). */
export const LANGUAGE_COOKIE = 'medora_lang';
export const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * The Intl locale of each language. Arabic names its digits, Western (0-9) as CLDR's generic `ar`
 * now has them, so a browser or server with older locale data cannot show others; Spanish is the
 * generic `es` (no country's variant over another's). Decision 058 says why.
 */
export const INTL_LOCALE: Record<Language, string> = { en: 'en-US', es: 'es', ar: 'ar-u-nu-latn' };

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

export const textDirection = (language: Language): 'ltr' | 'rtl' => (language === 'ar' ? 'rtl' : 'ltr');
