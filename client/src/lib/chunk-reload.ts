/*
 * After a deploy the old hashed chunks are gone, and a page opened before it fails to load the
 * next screen it needs. A reload fetches the new index.html and its new chunk names, so the first
 * such failure on a path reloads the page; the attempt is remembered in sessionStorage per path so
 * a chunk that is really broken shows an error instead of reloading forever.
 */

const CHUNK_ERROR_MESSAGES = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
  /Unable to preload CSS/i, // Vite's preload helper, when a chunk's stylesheet is gone
  /Loading (CSS )?chunk [\w-]+ failed/i, // webpack-style loaders in dependencies
];

const KEY_PREFIX = 'medora:chunk-reload:';

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_ERROR_MESSAGES.some((pattern) => pattern.test(error.message));
}

/** True when this path already had its reload, or when storage is unusable (then never reload). */
export function reloadAlreadyTried(path: string): boolean {
  try {
    return sessionStorage.getItem(KEY_PREFIX + path) !== null;
  } catch {
    return true;
  }
}

/** Reloads the page unless this path already had its one reload; says whether it did. */
export function reloadOnce(path: string): boolean {
  if (reloadAlreadyTried(path)) return false;
  try {
    sessionStorage.setItem(KEY_PREFIX + path, new Date().toISOString());
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

/** The path's screen loaded, so a later deploy may reload it once again. */
export function forgetReloadAttempt(path: string) {
  try {
    sessionStorage.removeItem(KEY_PREFIX + path);
  } catch {
    // storage unusable: nothing was remembered either
  }
}
