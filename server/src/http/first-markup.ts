import { readFileSync } from 'node:fs';
import type { Language } from '@common/i18n/languages';
import { fromRoot } from '../core/paths';

/**
 * A first screen's markup per language, as the build drew it for a signed-out visitor
 * (scripts/prerender.mjs, decision 112), and the loader that starts the app once it has painted.
 */
export type FirstMarkup = { loader: string; screens: Record<string, Partial<Record<Language, string>>> };

export const FIRST_MARKUP_FILE = fromRoot('dist/first-markup.json');

export function readFirstMarkup(file = FIRST_MARKUP_FILE): FirstMarkup | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as FirstMarkup;
  } catch {
    // A build without it (an older build, the dev server): every page starts empty, as before.
    return undefined;
  }
}

const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>\n?\s*/;
const WARM_INTL = /<script async src="([^"]*warm-intl-[^"]+)"><\/script>/;
const PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\n?\s*/g;

/**
 * The page with its first screen drawn in: the markup inside #root, inert until the app replaces it
 * (so nothing typed or clicked there is lost), and the entry script and its preloads handed to the
 * loader, which fetches them after the first paint. Lighthouse's phone, and a real one on a slow
 * line, then spend the line on the CSS and the font first (issue 40, item 4).
 */
export function withFirstMarkup(page: string, markup: string, loader: string): string {
  const entry = ENTRY.exec(page)?.[1];
  if (!entry) return page;
  const preloads = [...page.matchAll(PRELOAD)].map((match) => match[1]);
  const tag = `<script async src="/assets/${loader}" data-entry="${entry}" data-preloads="${preloads.join(' ')}"></script>\n`;
  return (
    page
      .replace(WARM_INTL, '<script src="$1"></script>')
      .replace(ENTRY, '')
      .replace(PRELOAD, '')
      .replace('</head>', `${tag}</head>`)
      // A function, so that `$&` and the like in the markup (a doctor's own words) stay as written.
      .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`)
  );
}
