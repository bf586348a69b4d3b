// Plain JavaScript so that scripts/preflight.mjs can ask the same question as the Playwright config.
import { existsSync } from 'node:fs';
import process from 'node:process';
import { chromium } from '@playwright/test';

const DEBIAN = '/usr/bin/chromium';

/**
 * The Chromium the browser tests use: `CHROMIUM_PATH`, else Debian's package, else Playwright's
 * own download (`npx playwright install chromium`, the usual choice on a laptop).
 * `{ path }` when found, `{ path: null, problem }` saying what was looked for.
 */
export function findChromium() {
  const wanted = process.env.CHROMIUM_PATH;
  if (wanted)
    return existsSync(wanted) ? { path: wanted } : { path: null, problem: `CHROMIUM_PATH=${wanted} does not exist` };
  if (existsSync(DEBIAN)) return { path: DEBIAN };
  let own = null;
  try {
    own = chromium.executablePath();
  } catch {
    // this Playwright knows no browser for the platform
  }
  if (own && existsSync(own)) return { path: own };
  return { path: null, problem: `no Chromium at ${DEBIAN} nor Playwright's own${own ? ` (${own})` : ''}` };
}
