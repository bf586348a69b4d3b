/**
 * How a typed name is compared with a doctor's: the same in any of the product's scripts. Latin
 * accents fold away ("Gómez" is found by "gomez"), Arabic vowel marks and tatweel are dropped and
 * its letter variants read as one (أ إ آ as ا, ة as ه, ى as ي), a title ("Dr.", "Dra.", "د.") is
 * not part of a name, and each typed word must begin a word of the name, in any order.
 */
const TITLES = new Set(['dr', 'dra', 'doctor', 'doctora', 'د', 'دكتور', 'الدكتور', 'دكتورة', 'الدكتورة']);

export function foldName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}|\u0640/gu, '')
    .toLowerCase()
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The words of a typed name worth matching: folded, titles left out. */
export function nameQueryWords(text: string): string[] {
  return foldName(text)
    .split(' ')
    .filter((word) => word && !TITLES.has(word));
}

/** Whether every typed word begins a word of `foldedName` (a name already passed through foldName). */
export function nameMatches(foldedName: string, words: readonly string[]): boolean {
  if (!words.length) return false;
  const parts = foldedName.split(' ');
  return words.every((word) => parts.some((part) => part.startsWith(word)));
}
