import { DEFAULT_LANGUAGE, isLanguage, type Language } from './languages';

/** "es-MX", "ES", "ar_EG" → the language Medora has for it; anything else → null. */
export function languageOf(code: string | null | undefined): Language | null {
  if (typeof code !== 'string' || code.length > 35) return null;
  const primary = code.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : null;
}

/**
 * The best language of an Accept-Language header that Medora has, by the header's q-values (a
 * language listed earlier wins a tie); null when none matches. A malformed header is no error.
 */
export function fromAcceptLanguage(header: string | null | undefined): Language | null {
  if (typeof header !== 'string' || header.length === 0) return null;
  let best: { language: Language; q: number } | null = null;
  // A real header is short; a long one is read only as far as a person's list could go.
  for (const part of header.slice(0, 1000).split(',').slice(0, 40)) {
    const [tag, ...params] = part.split(';');
    const language = languageOf(tag);
    if (!language) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0 || q > 1) continue;
    if (!best || q > best.q) best = { language, q };
  }
  return best?.language ?? null;
}

/**
 * The language to speak: the account's, else the visitor's cookie, else the browser's header,
 * else English. An unknown code anywhere is skipped, never an error.
 */
export function resolveLanguage(sources: {
  account?: string | null;
  cookie?: string | null;
  acceptLanguage?: string | null;
}): Language {
  return (
    languageOf(sources.account) ??
    languageOf(sources.cookie) ??
    fromAcceptLanguage(sources.acceptLanguage) ??
    DEFAULT_LANGUAGE
  );
}
