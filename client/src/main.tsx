import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { startFirstQueries } from './app/first-queries';
import { LanguageProvider } from './app/language-provider';
import { captureInstallPrompt } from './lib/install-prompt';
import { OfflineSupport } from './features/install/offline-support';
import { AppRoutes } from './app/routes';
import FIRST_AREAS from './app/first-areas.json';
import { applyDocumentLanguage, initialLanguage } from './lib/i18n/initial-language';
import { deferFirstBundleAreas, loadAreasNow, setActiveLanguage } from './lib/i18n/areas';
import { answerKnownLocales } from './lib/i18n/known-locales';
import { loadMessages } from './lib/i18n/load-messages';
import { createQueryClient } from './lib/query-client';
import { FirstPaintGate } from './lib/first-paint';
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
// After the language is set: the screen's texts start loading in it with the screen's code.
const first = startFirstQueries(queryClient, window.location.pathname, {
  signedOut: document.documentElement.dataset.session === 'none',
  search: window.location.search,
});
// The first render waits for the screen's code (preloaded with the page), so the screen appears
// whole rather than after a spinner; on a slow line the shell and its spinner show after a moment.
const SHELL_AFTER_MS = 1500;
const screenOrShell = Promise.race([first.code, new Promise((resolve) => setTimeout(resolve, SHELL_AFTER_MS))]);
// Rendered as a transition: React yields to the browser every few milliseconds while it builds
// the first screen, so a phone stays responsive to a tap instead of freezing for one long task.
void Promise.all([loadMessages(language), screenOrShell, loadAreasNow(language, FIRST_AREAS)]).then(([messages]) =>
  startTransition(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <LanguageProvider initial={language} messages={messages}>
            <FirstPaintGate>
              <BrowserRouter>
                <AppRoutes />
              </BrowserRouter>
            </FirstPaintGate>
            <OfflineSupport />
          </LanguageProvider>
        </QueryClientProvider>
      </StrictMode>,
    ),
  ),
);
