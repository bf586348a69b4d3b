import type { Language } from '@common/i18n/languages';
import { reportAge as ageOf } from '@common/rules/outbreak-figures';
import { translate } from '../../core/i18n';

/** How old the data is ("45 days", "13 months") in the language, in the unit the shared rule chooses. */
export function reportAge(language: Language, asOf: string, now: Date): string {
  const { unit, count } = ageOf(asOf, now);
  return translate(language, `pdf.outbreak.age.${unit}`, { count });
}
