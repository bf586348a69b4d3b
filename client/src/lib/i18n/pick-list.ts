import { INTL_LOCALE, type Language } from '@common/i18n/languages';

export type PickOption = { value: string; label: string };

/**
 * A pick list of stored (English) values, shown in the reader's language and sorted by what it
 * shows, so "Alemania" sits under A in Spanish. A stored value no longer in the list stays first
 * and selectable, so an older profile never loses its choice.
 */
export function pickList(
  values: readonly string[],
  shown: (value: string) => string,
  language: Language,
  current = '',
): PickOption[] {
  const collator = new Intl.Collator(INTL_LOCALE[language]);
  const options = values
    .map((value) => ({ value, label: shown(value) }))
    .sort((a, b) => collator.compare(a.label, b.label));
  return current && !values.includes(current) ? [{ value: current, label: shown(current) }, ...options] : options;
}
