import { use, useSyncExternalStore } from 'react';
import { DEFAULT_LANGUAGE, type Language } from '@common/i18n/languages';
import type { Messages } from './collect';
import { loadCatalogue } from './load-messages';
import { useLanguage, useT, type Translate } from './use-t';

/*
 * The texts of a screen area (common/i18n/<lang>/screens/<area>.json) load with the screens that
 * use them, one small chunk per area and language, so the landing page's first load carries only
 * the shell's and its own texts (decision 062). A module names its areas once, at the top:
 *
 *   const useT = textsFor('booking');      // then, in a component: const t = useT();
 *
 * Naming them at module level registers them while the route's chunk is evaluated, so the route
 * loader fetches them beside the screen's code (no waterfall), and a language switch fetches every
 * registered area in the new language before it shows. A module of the first bundle (the shell, the
 * navbar) registers too, but its areas are fetched when it first renders: it suspends until they
 * have arrived, so it must sit inside a <Suspense> of its own.
 */

// The file's key in the language chunk's glob (catalogue-<lang>.ts sits beside this module).
const fileOf = (language: Language, area: string) => `../../../../common/i18n/${language}/screens/${area}.json`;

const registered = new Set<string>();
// Areas of the first bundle's modules (the shell's pieces): fetched when first rendered, not with
// every route, so the landing page does not carry a signed-in menu's texts.
const onDemand = new Set<string>();
// Areas of the first bundle that a module loaded later names too (a screen's `textsFor('ui')`): its
// route loader fetches them with the screen, or the screen would suspend after it appeared.
const asked = new Set<string>();
const loaded: Record<Language, Set<string>> = { en: new Set(), es: new Set(), ar: new Set() };
const texts: Record<Language, Messages> = { en: {}, es: {}, ar: {} };
// The messages the app shows in each language: its catalogue and the areas loaded so far.
const shown = new Map<Language, { catalogue: Messages; messages: Messages }>();
const pending = new Map<string, Promise<void>>();
// Areas arrived so far, for the few that show a fallback rather than wait (the tab's title).
let arrivals = 0;
const arrivalListeners = new Set<() => void>();
let active: Language = DEFAULT_LANGUAGE;

const missingOf = (language: Language, areas: Iterable<string>) => [...areas].filter((a) => !loaded[language].has(a));

function loadArea(language: Language, area: string): Promise<void> {
  const id = `${language}/${area}`;
  let promise = pending.get(id);
  if (!promise) {
    promise = loadCatalogue(language)
      .then(({ areaFiles }) => areaFiles[fileOf(language, area)]?.() ?? {})
      .then((messages) => {
        Object.assign(texts[language], messages);
        // Written into the messages on screen before the screens waiting for the area are woken.
        const current = shown.get(language);
        if (current) Object.assign(current.messages, messages);
        loaded[language].add(area);
        arrivals += 1;
        arrivalListeners.forEach((listener) => listener());
      })
      // A failed fetch (offline, a new release) may be tried again by the next screen that asks.
      .finally(() => pending.delete(id));
    pending.set(id, promise);
  }
  return promise;
}

/** Fetches every registered area not yet loaded in the language (the route loader and the switch wait for it). */
export function ensureAreas(language: Language = active): Promise<void> {
  const used = [...onDemand].filter((a) => Object.values(loaded).some((set) => set.has(a)));
  const missing = missingOf(language, [...registered, ...used, ...asked]);
  return missing.length === 0
    ? Promise.resolve()
    : Promise.all(missing.map((a) => loadArea(language, a))).then(() => {});
}

/**
 * main.tsx, once its imports and the shell's (start-app.tsx) have run, before any screen's code: the
 * areas registered so far belong to the first bundle.
 */
export function deferFirstBundleAreas() {
  registered.forEach((area) => onDemand.add(area));
  registered.clear();
}

/**
 * main.tsx: first-bundle areas that nearly every first screen shows (dates and times), fetched beside
 * the catalogue. Left to load when first rendered, the component that needs them suspends after the
 * screen is up and the page's spinner replaces the whole screen for a moment. Settles on failure too:
 * a component still missing them suspends as before.
 */
export function loadAreasNow(language: Language, areas: string[]): Promise<void> {
  return Promise.allSettled(areas.map((area) => loadArea(language, area))).then(() => {});
}

/** The language the screens are shown in: the provider sets it before it switches. */
export function setActiveLanguage(language: Language) {
  active = language;
}

/**
 * The catalogue with the area texts loaded so far, as one object per language that later areas are
 * written into. An area's arrival re-renders nothing: only a screen that waited for it needs it, and
 * it renders again when woken (textsFor suspends until its areas are in). A new object for every
 * area made the whole app render again, at once, each time one arrived (a long task on a phone).
 */
export function messagesWithAreas(language: Language, catalogue: Messages): Messages {
  let entry = shown.get(language);
  if (entry?.catalogue !== catalogue) {
    entry = { catalogue, messages: { ...catalogue, ...texts[language] } };
    shown.set(language, entry);
  }
  return entry.messages;
}

const onArrival = (listener: () => void) => {
  arrivalListeners.add(listener);
  return () => arrivalListeners.delete(listener);
};
const arrived = () => arrivals;

/**
 * Renders the caller again when an area arrives: for a component that shows a fallback while its
 * text is missing instead of waiting for it (the tab's title, which the layout cannot suspend for).
 */
export function useAreaArrivals(): number {
  return useSyncExternalStore(onArrival, arrived, arrived);
}

/** The area texts loaded so far in a language. */
export const loadedAreaTexts = (language: Language): Readonly<Messages> => texts[language];

// One promise per missing set, so a suspended component is woken by the load it waits for.
const waits = new Map<string, Promise<void>>();
function waitFor(language: Language, areas: string[]): Promise<void> {
  const id = `${language}:${areas.join(',')}`;
  let promise = waits.get(id);
  if (!promise) {
    promise = Promise.all(areas.map((a) => loadArea(language, a))).then(() => {
      waits.delete(id);
    });
    waits.set(id, promise);
  }
  return promise;
}

/** Registers the module's areas and gives it a `useT` that has their texts (see the top of this file). */
export function textsFor(...areas: string[]): () => Translate {
  areas.forEach((area) => (onDemand.has(area) ? asked : registered).add(area));
  return function useAreaT() {
    const { language } = useLanguage();
    const missing = missingOf(language, areas);
    if (missing.length > 0) use(waitFor(language, missing));
    return useT();
  };
}

/** Component tests: the English texts are read from disk, every area counts as loaded. */
export function markLoadedForTests(language: Language, areas: Iterable<string>) {
  for (const area of areas) loaded[language].add(area);
}
