import { foldForSearch } from '@common/i18n/fold';
import { LANGUAGES } from '@common/i18n/languages';
import { catalogue } from '../../core/i18n';

const PREFIX = 'specialties.name.';

// Every specialty's name in every language, folded, with the English name the directory keeps.
const NAMES: { folded: string; english: string }[] = LANGUAGES.filter((language) => language !== 'en').flatMap(
  (language) =>
    Object.entries(catalogue(language))
      .filter(([key]) => key.startsWith(PREFIX))
      .map(([key, name]) => ({ folded: foldForSearch(name), english: key.slice(PREFIX.length) })),
);

/**
 * The English specialty a free text names in another language ("cardiología", "أمراض القلب"), so
 * the search's specialty rule finds it whatever language the visitor types in; none for fewer
 * than three letters, which would match half the list.
 */
export function specialtyFromAnyLanguage(text: string): string | undefined {
  const needle = foldForSearch(text);
  if (needle.length < 3) return undefined;
  const hits = NAMES.filter((n) => n.folded.includes(needle));
  return (hits.find((n) => n.folded === needle) ?? hits.find((n) => n.folded.startsWith(needle)) ?? hits[0])?.english;
}
