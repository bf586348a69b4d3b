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
