/**
 * The find-doctors free text is read, in order, as a specialty (a specialty name that
 * contains the text), then as a location, then as a country; otherwise the text itself becomes
 * the location filter. Matching is case-insensitive; a match returns the canonical name, and among
 * several matches an exact one wins, then a prefix, then the first in list order.
 */
export type FreeTextVocabulary = {
  specialties: readonly string[];
  /** Known places (doctors' cities) that may match the text. */
  locations: readonly string[];
  countries: readonly string[];
};

export type FreeTextFilter =
  | { kind: 'specialty'; specialty: string }
  | { kind: 'location'; location: string }
  | { kind: 'country'; country: string }
  | { kind: 'none' };

function bestMatch(names: readonly string[], needle: string): string | undefined {
  const lower = needle.toLowerCase();
  const hits = names.filter((name) => name.toLowerCase().includes(lower));
  return (
    hits.find((name) => name.toLowerCase() === lower) ??
    hits.find((name) => name.toLowerCase().startsWith(lower)) ??
    hits[0]
  );
}

export function parseFreeText(text: string | undefined, vocabulary: FreeTextVocabulary): FreeTextFilter {
  const needle = (text ?? '').trim().replace(/\s+/g, ' ');
  if (!needle) return { kind: 'none' };
  const specialty = bestMatch(vocabulary.specialties, needle);
  if (specialty) return { kind: 'specialty', specialty };
  // A known place keeps the typed text: the location filter is a "contains" match, so "york"
  // finds New York and York alike.
  if (bestMatch(vocabulary.locations, needle)) return { kind: 'location', location: needle };
  const country = bestMatch(vocabulary.countries, needle);
  if (country) return { kind: 'country', country };
  return { kind: 'location', location: needle };
}
