import type { Language } from '@common/i18n/languages';
import { ageInWords } from '@common/rules/outbreak-figures';
import { translate } from '../../core/i18n';

/** How old the data is ("45 days", "13 months") in the language, in the unit ageInWords chooses. */
export function reportAge(language: Language, asOf: string, now: Date): string {
  const [, n, unit] = /^(\d+) (\w+)$/.exec(ageInWords(asOf, now)) ?? [];
  const count = Number(n);
  if (unit?.startsWith('year')) return translate(language, 'pdf.outbreak.age.years', { count });
  if (unit?.startsWith('month')) return translate(language, 'pdf.outbreak.age.months', { count });
  return translate(language, 'pdf.outbreak.age.days', { count });
}
