import { INTL_LOCALE, type Language } from '@common/i18n/languages';
import { useLanguage } from './use-t';

/*
 * Doctors' and patients' spoken languages are stored by their English names ("Spanish"), the
 * lists of common/constants/lists.ts. A reader sees them in their own language through Intl; the
 * stored value never changes.
 */
const CODES: Record<string, string> = {
  English: 'en',
  Spanish: 'es',
  French: 'fr',
  German: 'de',
  Italian: 'it',
  Portuguese: 'pt',
  Mandarin: 'cmn',
  Arabic: 'ar',
  Hindi: 'hi',
  Japanese: 'ja',
  Russian: 'ru',
  Urdu: 'ur',
  Swahili: 'sw',
};

const names = new Map<Language, Intl.DisplayNames>();

/** "Spanish" → "Español", "الإسبانية"; English, and a name not in the lists, as stored. */
export function spokenLanguageName(english: string, language: Language): string {
  const code = CODES[english];
  if (language === 'en' || !code) return english;
  let display = names.get(language);
  if (!display) {
    display = new Intl.DisplayNames(INTL_LOCALE[language], { type: 'language', fallback: 'none' });
    names.set(language, display);
  }
  const name = display.of(code);
  // A list entry starts with a capital in Spanish ("Inglés"), as in a menu.
  return name ? name.charAt(0).toLocaleUpperCase(INTL_LOCALE[language]) + name.slice(1) : english;
}

/** spokenLanguageName in the viewer's language. */
export function useSpokenLanguageName() {
  const { language } = useLanguage();
  return (english: string) => spokenLanguageName(english, language);
}
