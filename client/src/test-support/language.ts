import { createIntl } from 'react-intl';
import type { Language } from '@common/i18n/languages';
import { INTL_LOCALE } from '@common/i18n/languages';
import { markLoadedForTests } from '../lib/i18n/areas';
import { collect } from '../lib/i18n/collect';
import { setFallbackIntl } from '../lib/i18n/use-t';

// Every catalogue file of every language, read as it is (strings react-intl parses itself).
const FILES = import.meta.glob('../../../common/i18n/*/{*,screens/*}.json', { eager: true, import: 'default' });

/** Renders the following component tests in a language, every area loaded; `showIn('en')` goes back. */
export function showIn(language: Language) {
  const mine = Object.fromEntries(Object.entries(FILES).filter(([file]) => file.includes(`/i18n/${language}/`)));
  markLoadedForTests(
    language,
    Object.keys(mine)
      .filter((file) => file.includes('/screens/'))
      .map((file) => file.replace(/^.*\/(.+)\.json$/, '$1')),
  );
  setFallbackIntl(createIntl({ locale: INTL_LOCALE[language], messages: collect(mine) }), language);
}
