import { startFirstQueries } from './app/first-queries';
import { captureInstallPrompt } from './lib/install-prompt';
import FIRST_AREAS from './app/first-areas.json';
import { applyDocumentLanguage, initialLanguage } from './lib/i18n/initial-language';
import { deferFirstBundleAreas, loadAreasNow, setActiveLanguage } from './lib/i18n/areas';
import { answerKnownLocales } from './lib/i18n/known-locales';
import { loadMessages } from './lib/i18n/load-messages';
import { isChunkLoadError, reloadOnce } from './lib/chunk-reload';
import { nextTask } from './lib/next-task';
import { createQueryClient } from './lib/query-client';
import './styles.css';

const queryClient = createQueryClient();
// Before anything else: the browser may offer installing as soon as the page loads.
captureInstallPrompt();

answerKnownLocales();
// The server names the language in <html> and preloads its catalogue, so this wait is short.
const language = initialLanguage();
applyDocumentLanguage(language);
setActiveLanguage(language);
const root = document.getElementById('root')!;
// A first screen the server sent drawn (decision 112, prerender/) was drawn before any query had
// answered; the app takes it over as it is only if its first render has no answers either, so the
// screen's queries start when it mounts instead of here.
const drawn = root.firstElementChild !== null;
const SHELL_AFTER_MS = 1500;
// Fetches: they start now, and their chunks are evaluated in tasks of their own when they arrive.
const texts = Promise.all([loadMessages(language), loadAreasNow(language, FIRST_AREAS)]);
// Awaited in start(); this keeps a failed fetch from being reported as unhandled meanwhile.
texts.catch(() => undefined);
start().catch((error: unknown) => {
  // A release deployed since this page was served: its chunks are gone, and one reload fetches the
  // new ones (as a screen's own failed chunk does, route-error-boundary.tsx).
  if (isChunkLoadError(error)) reloadOnce(window.location.pathname);
  else throw error;
});

/**
 * The app's start, in tasks of their own: this module's imports were one, the shell's code
 * (start-app.tsx) is the next, the screen's queries and code another, reading the drawn doctor
 * another, and React's first render yields as it goes (a transition). One long task would keep a
 * phone from answering a tap for its whole length.
 */
async function start() {
  await nextTask();
  // The shell first: the text areas named so far are the first bundle's, fetched when first shown
  // (areas.ts), and are set apart before any screen's code names its own.
  const { startApp } = await import('./app/start-app');
  deferFirstBundleAreas();
  // A doctor's page comes drawn with the doctor (decision 116): the first render must have it too.
  // A block that does not parse leaves the cache empty; React then draws the page afresh.
  const seeded = drawn
    ? import('./app/drawn-data')
        .then(async (m) => {
          await nextTask();
          m.seedFromPage(queryClient);
        })
        .catch(() => undefined)
    : Promise.resolve();
  // After the language is set: the screen's texts start loading in it with the screen's code.
  const first = startFirstQueries(queryClient, window.location.pathname, {
    signedOut: document.documentElement.dataset.session === 'none',
    search: window.location.search,
    queries: !drawn,
  });
  // The first render waits for the screen's code (preloaded with the page), so the screen appears
  // whole rather than after a spinner; on a slow line the shell and its spinner show after a moment.
  const screenOrShell = Promise.race([first.code, new Promise((resolve) => setTimeout(resolve, SHELL_AFTER_MS))]);
  const [[messages]] = await Promise.all([texts, screenOrShell, seeded]);
  await nextTask();
  startApp(root, { drawn, queryClient, language, messages });
}
