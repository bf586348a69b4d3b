import { readdirSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { LANGUAGES, textDirection, type Language } from '@common/i18n/languages';
import { withFirstMarkup, type FirstMarkup } from './first-markup';
import type { FirstScreen } from './first-screens';

/**
 * index.html is one file for every visitor, but its first paint must already be in the visitor's
 * language and direction, and the CSP ('self') allows no inline script to fix it up. The server
 * writes `lang`, `dir` and `data-language` into <html> per request, and preloads that language's
 * chunks (its catalogue, and the text areas every first screen shows) so they arrive beside the
 * entry script instead of after it.
 *
 * Two more facts the first screen would otherwise wait for (decision 101): `data-session="none"`
 * when the request carries no session cookie, so the client knows the visitor is signed out without
 * asking, and the chunks of the screen at the path (`chunks`), preloaded like the catalogue.
 */
export function pageInLanguage(
  html: string,
  language: Language,
  languageChunks: string[],
  { chunks = [], signedOut = false }: { chunks?: string[]; signedOut?: boolean } = {},
): string {
  const session = signedOut ? ' data-session="none"' : '';
  const withRoot = html.replace(
    /<html[^>]*>/,
    `<html lang="${language}" dir="${textDirection(language)}" data-language="${language}"${session}>`,
  );
  const preloads = [...languageChunks, ...chunks]
    .map((file) => `<link rel="modulepreload" crossorigin href="/assets/${file}">\n`)
    .join('');
  return preloads ? withRoot.replace('</head>', `${preloads}</head>`) : withRoot;
}

/**
 * The chunks each language's first screens need (`catalogue-es-<hash>.js`, then the first areas'),
 * found once at start.
 */
export function languageChunks(
  assetsDir: string,
  areas: Partial<Record<Language, string[]>> = {},
): Partial<Record<Language, string[]>> {
  const catalogues = catalogueChunks(assetsDir);
  return Object.fromEntries(
    LANGUAGES.map((language) => [language, [catalogues[language], ...(areas[language] ?? [])].filter(Boolean)]),
  ) as Partial<Record<Language, string[]>>;
}

/** The built catalogue chunk of each language (`catalogue-es-<hash>.js`). */
function catalogueChunks(assetsDir: string): Partial<Record<Language, string>> {
  let files: string[] = [];
  try {
    files = readdirSync(assetsDir);
  } catch {
    return {};
  }
  const chunks: Partial<Record<Language, string>> = {};
  for (const language of LANGUAGES) {
    const file = files.find((f) => f.startsWith(`catalogue-${language}-`) && f.endsWith('.js'));
    if (file) chunks[language] = file;
  }
  return chunks;
}

export const CATALOGUE_ASSETS = (clientDist: string) => path.join(clientDist, 'assets');

/** A page as text (to draw into) and as the bytes sent for each encoding. */
export type IndexPage = { text: string; identity: Buffer; br: Buffer; gzip: Buffer };

/**
 * Which index.html a request gets: its language, the first screen at its path (if listed), signed
 * out or not, and whether its URL has a query. The build drew each screen without one; a screen
 * may read its query on the first render (Find Doctors' filters), so such a page is not drawn.
 */
export type PageVariant = { language: Language; screen: number | undefined; signedOut: boolean; query?: boolean };

/**
 * index.html per variant, compressed on first use and kept like the build's other files (the
 * not-found handler that serves it is no route, so the reply compressor does not see it). At most
 * languages × (screens + 1) × 2 small pages. A signed-out visitor's screen that the build drew
 * (`markup`) comes drawn in, its scripts started after the paint (first-markup.ts).
 */
export function indexPages(
  html: string,
  perLanguage: Partial<Record<Language, string[]>>,
  screens: FirstScreen[] = [],
  markup?: FirstMarkup,
): (variant: PageVariant) => IndexPage {
  const pages = new Map<string, IndexPage>();
  return ({ language, screen, signedOut, query = false }) => {
    const key = `${language}|${screen ?? ''}|${signedOut}|${query}`;
    let page = pages.get(key);
    if (!page) {
      const chunks = screen === undefined ? [] : screens[screen].chunks;
      const plain = pageInLanguage(html, language, perLanguage[language] ?? [], { chunks, signedOut });
      const drawn =
        signedOut && !query && screen !== undefined ? markup?.screens[screens[screen].path]?.[language] : undefined;
      const text = drawn && markup ? withFirstMarkup(plain, drawn, markup.loader) : plain;
      const identity = Buffer.from(text);
      page = {
        text,
        identity,
        br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: gzipSync(identity, { level: 9 }),
      };
      pages.set(key, page);
    }
    return page;
  };
}

/** The best encoding the browser accepts of the two the page is kept in. */
export function pageEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = (acceptEncoding ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
    .map(([name]) => name.trim().toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return 'identity';
}
