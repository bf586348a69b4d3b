import { describe, expect, it } from 'vitest';
import { disableFeaturesArg, IDLE_FEATURES, playwrightDisabledFeatures } from '../e2e/chromium-features.mjs';

describe('the browser tests’ --disable-features switch', () => {
  it('reads the features this Playwright turns off (a new Playwright that moved them fails here)', () => {
    const features = playwrightDisabledFeatures();
    expect(features).toContain('PaintHolding');
    expect(features).toContain('HttpsUpgrades');
    expect(features.every((f) => /^[A-Za-z0-9]+$/.test(f))).toBe(true);
  });

  it('repeats all of them and adds the idle ones, since Chromium keeps only the last such switch', () => {
    const [arg] = disableFeaturesArg();
    const listed = arg.replace('--disable-features=', '').split(',');
    for (const f of [...playwrightDisabledFeatures(), ...IDLE_FEATURES]) expect(listed).toContain(f);
  });

  it('adds nothing when Playwright’s list cannot be read', () => {
    expect(disableFeaturesArg([])).toEqual([]);
  });
});
