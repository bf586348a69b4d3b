import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppTree } from './app/app-tree';
import { startFirstQueries } from './app/first-queries';
import { captureInstallPrompt } from './lib/install-prompt';
import FIRST_AREAS from './app/first-areas.json';
import { applyDocumentLanguage, initialLanguage } from './lib/i18n/initial-language';
import { deferFirstBundleAreas, loadAreasNow, setActiveLanguage } from './lib/i18n/areas';
import { answerKnownLocales } from './lib/i18n/known-locales';
import { loadMessages } from './lib/i18n/load-messages';
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
deferFirstBundleAreas();
const root = document.getElementById('root')!;
// A first screen the server sent drawn (decision 112, prerender/) was drawn before any query had
// answered; the app takes it over as it is only if its first render has no answers either, so the
// screen's queries start when it mounts instead of here.
const drawn = root.firstElementChild !== null;
// A doctor's page comes drawn with the doctor (decision 116): the first render must have it too.
// A block that does not parse leaves the cache empty; React then draws the page afresh.
const seeded = drawn
  ? import('./app/drawn-data').then((m) => m.seedFromPage(queryClient)).catch(() => undefined)
  : Promise.resolve();
// After the language is set: the screen's texts start loading in it with the screen's code.
const first = startFirstQueries(queryClient, window.location.pathname, {
  signedOut: document.documentElement.dataset.session === 'none',
  search: window.location.search,
  queries: !drawn,
});
// The first render waits for the screen's code (preloaded with the page), so the screen appears
// whole rather than after a spinner; on a slow line the shell and its spinner show after a moment.
const SHELL_AFTER_MS = 1500;
const screenOrShell = Promise.race([first.code, new Promise((resolve) => setTimeout(resolve, SHELL_AFTER_MS))]);
// Rendered as a transition: React yields to the browser every few milliseconds while it builds
// the first screen, so a phone stays responsive to a tap instead of freezing for one long task.
// A drawn first screen is taken over as it is (hydration): the browser keeps its elements, so
// nothing is laid out or painted again.
void Promise.all([loadMessages(language), screenOrShell, loadAreasNow(language, FIRST_AREAS), seeded]).then(
  ([messages]) => {
    const app = (
      <AppTree
        queryClient={queryClient}
        language={language}
        messages={messages}
        router={(routes) => <BrowserRouter>{routes}</BrowserRouter>}
      />
    );
    startTransition(() => {
      if (drawn) hydrateRoot(root, app);
      else createRoot(root).render(app);
    });
  },
);
