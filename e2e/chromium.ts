import { disableFeaturesArg } from './chromium-features.mjs';
import { findChromium } from './chromium-path.mjs';

/**
 * The Chromium of e2e/chromium-path.mjs (Debian's, `CHROMIUM_PATH`, or Playwright's own), with
 * flags that keep it from calling out to Google's services or starting what no test uses (e2e/
 * chromium-features.mjs); media specs add more. Undefined when
 * none is installed: `npm test`'s preflight has said how to get one.
 */
export const CHROMIUM_PATH = findChromium().path ?? undefined;

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  ...disableFeaturesArg(),
];
