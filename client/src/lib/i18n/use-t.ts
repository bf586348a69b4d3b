import { createContext, useCallback, useContext } from 'react';
import { IntlContext, type IntlShape } from 'react-intl';
import type { ClientMessageKey } from '@common/i18n/keys';
import { DEFAULT_LANGUAGE, type Language } from '@common/i18n/languages';

export type LanguageState = {
  language: Language;
  /** Loads the language's catalogue, then switches every screen to it (and the account, if signed in). */
  setLanguage: (language: Language) => void;
};

export const LanguageContext = createContext<LanguageState | null>(null);

// Component tests render pieces without the shell; their setup installs an English intl here.
let fallbackIntl: IntlShape | null = null;
let fallbackLanguage: LanguageState = { language: 'en', setLanguage: () => {} };
export function setFallbackIntl(intl: IntlShape, language: Language = DEFAULT_LANGUAGE) {
  fallbackIntl = intl;
  fallbackLanguage = { language, setLanguage: () => {} };
}

export function useIntlShape(): IntlShape {
  const intl = useContext(IntlContext) ?? fallbackIntl;
  if (!intl) throw new Error('No language loaded: render inside <LanguageProvider>.');
  return intl;
}

export type Translate = (id: ClientMessageKey, values?: Record<string, string | number | Date>) => string;

/** `t('shell.nav.home')`: a catalogue text in the viewer's language, with its ICU values. */
export function useT(): Translate {
  const intl = useIntlShape();
  // Stable while the language is, so effects may depend on it.
  return useCallback<Translate>((id, values) => intl.formatMessage({ id }, values), [intl]);
}

export function useLanguage(): LanguageState {
  return useContext(LanguageContext) ?? fallbackLanguage;
}
