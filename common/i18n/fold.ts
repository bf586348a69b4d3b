/**
 * Text folded for matching what a person types against names: case, accents and Arabic's hamza
 * forms and diacritics do not matter ("cardiologia" finds "Cardiología", "امراض" finds "أمراض").
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/\u0640/g, '') // tatweel, the stretching stroke
    .replace(/\u0649/g, '\u064a') // alef maksura read as ya
    .toLowerCase()
    .trim()
    .replace(/\s+/g, ' ');
}

/** A name folded for matching, and the English value the directory keeps for it. */
export type FoldedName = { folded: string; english: string };

/**
 * The English value of the name a visitor's text names: an exact name first, then one it begins,
 * then one it is part of; none for fewer than three letters, which would match half the list.
 */
export function englishNameFor(names: readonly FoldedName[], text: string): string | undefined {
  const needle = foldForSearch(text);
  if (needle.length < 3) return undefined;
  const hits = names.filter((n) => n.folded.includes(needle));
  return (hits.find((n) => n.folded === needle) ?? hits.find((n) => n.folded.startsWith(needle)) ?? hits[0])?.english;
}
