// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// Each area's chunk answers one key named after it (the real ones need the build's ICU compiler).
vi.mock('./load-messages', () => ({
  loadCatalogue: () =>
    Promise.resolve({
      areaFiles: new Proxy(
        {},
        { get: (_, file: string) => () => Promise.resolve({ [`${/screens\/(.+)\.json$/.exec(file)?.[1]}.x`]: 'x' }) },
      ),
    }),
}));

// A fresh module per test: the test setup has already marked every English area loaded in its own.
let areas: typeof import('./areas');
beforeEach(async () => {
  vi.resetModules();
  areas = await import('./areas');
});
const loadedAreas = () =>
  Object.keys(renderHook(() => areas.useAreaMessages('es')).result.current).map((key) => key.split('.')[0]);

describe('the areas a screen waits for', () => {
  it('include a first-bundle area once a screen loaded later names it, so the screen does not suspend after it appears', async () => {
    areas.textsFor('ui'); // a module of the first bundle (the shell) names `ui`…
    areas.deferFirstBundleAreas(); // …so it loads only when first rendered
    await areas.ensureAreas('es');
    expect(loadedAreas()).toEqual([]);

    areas.textsFor('doctor-page', 'ui'); // the doctor page's chunk, evaluated later, names it too
    await areas.ensureAreas('es');
    expect(loadedAreas().sort()).toEqual(['doctor-page', 'ui']);
  });

  it('are loaded at once when the page load asks, in the page’s language', async () => {
    await areas.loadAreasNow('es', ['when']);
    expect(loadedAreas()).toEqual(['when']);
  });
});
