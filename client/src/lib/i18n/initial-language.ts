import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_S, textDirection, type Language } from '@common/i18n/languages';
import { fromAcceptLanguage, languageOf } from '@common/i18n/negotiate';

function cookieLanguage(): Language | null {
  const entry = document.cookie.split('; ').find((c) => c.startsWith(`${LANGUAGE_COOKIE}=`));
  return entry ? languageOf(decodeURIComponent(entry.slice(LANGUAGE_COOKIE.length + 1))) : null;
}

/**
 * The language of the first paint: the server wrote it into <html data-language> from the
 * account, cookie or Accept-Language (server/src/http/page-language.ts); without a server in front
 * (the dev server) the cookie, then the browser's list, decide the same way.
 */
export function initialLanguage(): Language {
  return (
    languageOf(document.documentElement.dataset.language) ??
    cookieLanguage() ??
    fromAcceptLanguage(navigator.languages?.join(',') || navigator.language) ??
    'en'
  );
}

/** <html lang dir> follow the language, so screen readers, fonts and the layout's direction do too. */
export function applyDocumentLanguage(language: Language) {
  const root = document.documentElement;
  root.lang = language;
  root.dir = textDirection(language);
  root.dataset.language = language;
}

/** A choice (the switch, or the account's language) is remembered for the next visit's first paint. */
export function rememberLanguage(language: Language) {
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${LANGUAGE_COOKIE_MAX_AGE_S}; samesite=lax${secure}`;
}
