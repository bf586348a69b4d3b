import { englishNameFor, foldForSearch, type FoldedName } from '@common/i18n/fold';
import { LANGUAGES } from '@common/i18n/languages';
import { countryName } from '@common/i18n/names';
import { catalogue } from '../../core/i18n';

/*
 * The directory keeps specialties and countries by their English names; a visitor may type them
 * in any language ("cardiología", "أمراض القلب", "España", "مصر", or English as the catalogue or
 * Intl writes it). These read such a text as the stored name, so the search's rules find it
 * whatever language the visitor types in.
 */

const PREFIX = 'specialties.name.';

const SPECIALTIES: FoldedName[] = LANGUAGES.flatMap((language) =>
  Object.entries(catalogue(language))
    .filter(([key]) => key.startsWith(PREFIX))
    .map(([key, name]) => ({ folded: foldForSearch(name), english: key.slice(PREFIX.length) })),
);

// A country's names in every language, folded once per country the directory has had.
const countryNames = new Map<string, FoldedName[]>();
const namesOf = (english: string): FoldedName[] => {
  let names = countryNames.get(english);
  if (!names) {
    names = LANGUAGES.map((language) => ({ folded: foldForSearch(countryName(english, language)), english }));
    countryNames.set(english, names);
  }
  return names;
};

/** The English specialty a free text names in another language. */
export const specialtyFromAnyLanguage = (text: string): string | undefined => englishNameFor(SPECIALTIES, text);

/** Which of `countries` (English names) a free text names in another language. */
export const countryFromAnyLanguage = (text: string, countries: readonly string[]): string | undefined =>
  englishNameFor(countries.flatMap(namesOf), text);
