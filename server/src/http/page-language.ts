import { readdirSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { LANGUAGES, textDirection, type Language } from '@common/i18n/languages';

/**
 * index.html is one file for every visitor, but its first paint must already be in the visitor's
 * language and direction, and the CSP ('self') allows no inline script to fix it up. The server
 * writes `lang`, `dir` and `data-language` into <html> per request, and preloads that language's
 * catalogue chunk so it arrives beside the entry script instead of after it.
 */
export function pageInLanguage(html: string, language: Language, catalogue: string | undefined): string {
  const withRoot = html.replace(
    /<html[^>]*>/,
    `<html lang="${language}" dir="${textDirection(language)}" data-language="${language}">`,
  );
  if (!catalogue) return withRoot;
  return withRoot.replace('</head>', `<link rel="modulepreload" crossorigin href="/assets/${catalogue}">\n</head>`);
}

/** The built catalogue chunk of each language (`catalogue-es-<hash>.js`), found once at start. */
export function catalogueChunks(assetsDir: string): Partial<Record<Language, string>> {
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

export type IndexPage = { identity: Buffer; br: Buffer; gzip: Buffer };

/**
 * index.html in each language, compressed once at start like the build's other files (the
 * not-found handler that serves it is no route, so the reply compressor does not see it).
 */
export function indexPages(html: string, catalogues: Partial<Record<Language, string>>): Record<Language, IndexPage> {
  const pages = {} as Record<Language, IndexPage>;
  for (const language of LANGUAGES) {
    const identity = Buffer.from(pageInLanguage(html, language, catalogues[language]));
    pages[language] = {
      identity,
      br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(identity, { level: 9 }),
    };
  }
  return pages;
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
