// Plain JavaScript: read by the Playwright config and by a unit test (scripts/).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * What headless Chromium starts for nothing in a test: since Chromium 15x every new window preloads
 * the address bar's suggestion popup as a WebUI page, a renderer of its own per browser context.
 * The end-to-end run opens some 120 contexts; those renderers were 14 % of its CPU (270 of 1,970 s).
 */
export const IDLE_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];

/**
 * The features Playwright itself turns off (playwright-core's `disabledFeatures`), read from its
 * bundle. Chromium keeps only the last `--disable-features` switch, so ours must repeat Playwright's.
 * Empty when this Playwright keeps them elsewhere: then we add none (see disableFeaturesArg).
 */
export function playwrightDisabledFeatures() {
  try {
    const require = createRequire(import.meta.url);
    const core = path.dirname(require.resolve('playwright-core/package.json'));
    const bundle = readFileSync(path.join(core, 'lib/coreBundle.js'), 'utf8');
    const list = bundle.match(/disabledFeatures\s*=\s*\[([\s\S]*?)\]/)?.[1];
    if (!list) return [];
    return [...list.replace(/\/\/.*$/gm, '').matchAll(/"([A-Za-z0-9]+)"/g)].map((m) => m[1]);
  } catch {
    return [];
  }
}

/**
 * The `--disable-features` switch: Playwright's features and the idle ones. When Playwright's list
 * cannot be read, none: losing its switches (HTTPS upgrades, paint holding…) would change what the
 * tests see, and the idle renderers only cost time.
 */
export function disableFeaturesArg(playwrights = playwrightDisabledFeatures()) {
  if (playwrights.length === 0) return [];
  return [`--disable-features=${[...new Set([...playwrights, ...IDLE_FEATURES])].join(',')}`];
}
