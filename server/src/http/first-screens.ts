import { readFileSync } from 'node:fs';
import type { Language } from '@common/i18n/languages';
import { fromRoot } from '../core/paths';

/**
 * The screens a visitor may land on first and the chunks each needs beyond index.html's own, as
 * the build found them (scripts/first-screens.mjs, decision 101). The page preloads them so the
 * screen's code arrives beside the entry script; a path not listed gets no extra preload.
 */
export type FirstScreen = {
  path: string;
  signedOutOnly: boolean;
  chunks: string[];
  /** Drawn per request with this data for a signed-out visitor (decision 116). */
  drawnWith?: 'doctor';
};

export const FIRST_SCREENS_FILE = fromRoot('dist/first-screens.json');

export function readFirstScreens(file = FIRST_SCREENS_FILE): FirstScreen[] {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as FirstScreen[];
  } catch {
    // A build without it (an older build, the dev server) loads the screen after the entry, as before.
    return [];
  }
}

export const FIRST_AREAS_FILE = fromRoot('dist/first-areas.json');

/**
 * The chunks of the text areas every first screen shows (dates and times), per language, as the
 * build found them: preloaded with the catalogue, because the first render waits for them too.
 */
export function readFirstAreas(file = FIRST_AREAS_FILE): Partial<Record<Language, string[]>> {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Partial<Record<Language, string[]>>;
  } catch {
    return {};
  }
}

/** `/doctors/:id` matches `/doctors/abc` and not `/doctors` or `/doctors/abc/reviews`. */
export function pathMatches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  const got = pathname.replace(/\/+$/, '').split('/');
  if (pathname === '/' || pathname === '') return pattern === '/';
  if (want.length !== got.length) return false;
  return want.every((part, i) => (part.startsWith(':') ? got[i] !== '' : part === got[i]));
}

/** The first screen at `pathname` for this visitor, if the build listed one. */
export function firstScreenAt(screens: FirstScreen[], pathname: string, signedIn: boolean): number | undefined {
  const index = screens.findIndex((screen) => pathMatches(screen.path, pathname));
  if (index < 0 || (screens[index].signedOutOnly && signedIn)) return undefined;
  return index;
}
