// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Messages } from './collect';

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
const loadedAreas = () => Object.keys(areas.loadedAreaTexts('es')).map((key) => key.split('.')[0]);

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

  it('are written into the messages on screen when they arrive, without a new object to re-render for', async () => {
    // The mock's texts are plain strings; the messages are compiled ones in the app.
    const catalogue = { 'shell.x': 'x' } as unknown as Messages;
    const shown = areas.messagesWithAreas('es', catalogue);
    await areas.loadAreasNow('es', ['when']);
    expect(areas.messagesWithAreas('es', catalogue)).toBe(shown);
    expect(shown).toEqual({ 'shell.x': 'x', 'when.x': 'x' });
    // Another catalogue object for the language starts from the areas loaded so far.
    expect(areas.messagesWithAreas('es', { 'shell.y': 'y' } as unknown as Messages)).toEqual({
      'shell.y': 'y',
      'when.x': 'x',
    });
    expect(areas.messagesWithAreas('ar', catalogue)).toEqual({ 'shell.x': 'x' });
  });

  it('render a component that shows a fallback meanwhile again when one arrives', async () => {
    let renders = 0;
    renderHook(() => {
      renders += 1;
      return areas.useAreaArrivals();
    });
    expect(renders).toBe(1);
    await act(() => areas.loadAreasNow('es', ['when']));
    expect(renders).toBe(2);
  });
});
