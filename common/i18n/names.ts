import { COUNTRY_CODES } from '../constants/countries';
import { INTL_LOCALE, type Language } from './languages';

/*
 * Countries and spoken languages are stored by their English names (the profile forms' lists and
 * the seed). Other languages name them through Intl.DisplayNames from their ISO codes: CLDR's
 * names, no catalogue to keep, nothing added to a page's first load.
 */

// Codes by English name, read from CLDR itself (Intl.DisplayNames in English) the first time a
// name is needed: every country and most languages a doctor can list, with no table to keep.
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
/** English names CLDR spells otherwise, or names a language CLDR files under another code. */
const REGION_ALIASES: Readonly<Record<string, string>> = { Turkey: 'TR' };
const LANGUAGE_ALIASES: Readonly<Record<string, string>> = {
  Bengali: 'bn',
  Mandarin: 'cmn',
  'Tok Pisin': 'tpi',
  Twi: 'tw',
};

const codeTables = new Map<'region' | 'language', Map<string, string>>();
function codeOf(type: 'region' | 'language', english: string): string | undefined {
  // The catalogue's countries carry their code: reading CLDR's English region names costs a browser
  // 50–110 ms the first time (measured in Chromium), on every Spanish or Arabic page that names one.
  if (type === 'region' && COUNTRY_CODES.has(english)) return COUNTRY_CODES.get(english);
  let table = codeTables.get(type);
  if (!table) {
    table = new Map(Object.entries(type === 'region' ? REGION_ALIASES : LANGUAGE_ALIASES));
    const names = new Intl.DisplayNames(['en'], { type, fallback: 'none' });
    for (const a of LETTERS)
      for (const b of LETTERS) {
        const code = type === 'region' ? `${a}${b}`.toUpperCase() : `${a}${b}`;
        const name = names.of(code);
        if (name && !table.has(name)) table.set(name, code);
      }
    codeTables.set(type, table);
  }
  return table.get(english);
}

const displayNames = new Map<string, Intl.DisplayNames>();
function named(language: Language, type: 'region' | 'language', code: string | undefined): string | undefined {
  if (!code) return undefined;
  const id = `${language}:${type}`;
  let names = displayNames.get(id);
  if (!names) {
    names = new Intl.DisplayNames([INTL_LOCALE[language]], { type, fallback: 'none' });
    displayNames.set(id, names);
  }
  // Capitalised as a name stands alone in a list ("Español", not "español").
  const name = names.of(code);
  return name ? name.charAt(0).toLocaleUpperCase(INTL_LOCALE[language]) + name.slice(1) : undefined;
}

/*
 * Profiles store countries and spoken languages by their English names. A reader of the language
 * they are stored in reads them as stored ("United States", not Intl's "US" variants); anyone
 * else reads Intl's name for their code.
 */
const STORED_IN: Language = 'en';

/** A country as the directory stores it, in a language; a name it does not know stays as written. */
export const countryName = (stored: string, language: Language): string =>
  language === STORED_IN ? stored : (named(language, 'region', codeOf('region', stored)) ?? stored);

/** A spoken language as profiles store it, in a language; unknown names stay as written. */
export const spokenLanguageName = (stored: string, language: Language): string =>
  language === STORED_IN ? stored : (named(language, 'language', codeOf('language', stored)) ?? stored);

/** "Cairo, Egypt": a place and its country, with the comma the language writes ("،" in Arabic). */
export const placeName = (location: string, country: string, language: Language): string =>
  [location, country && countryName(country, language)].filter(Boolean).join(language === 'ar' ? '، ' : ', ');
