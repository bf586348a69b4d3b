import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import type { Language } from '@common/i18n/languages';
import { OfflineSupport } from '../features/install/offline-support';
import type { Messages } from '../lib/i18n/collect';
import { FirstPaintGate } from '../lib/first-paint';
import { LanguageProvider } from './language-provider';
import { AppRoutes } from './routes';

/**
 * The whole app, in the browser (start-app.tsx, under BrowserRouter) and in the build's markup of a first
 * screen (prerender/, under StaticRouter): one tree, so the browser can take the markup over as it is
 * (hydration) instead of drawing the page a second time.
 */
export function AppTree({
  queryClient,
  language,
  messages,
  router,
}: {
  queryClient: QueryClient;
  language: Language;
  messages: Messages;
  router: (routes: ReactNode) => ReactNode;
}) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <LanguageProvider initial={language} messages={messages}>
          <FirstPaintGate>{router(<AppRoutes />)}</FirstPaintGate>
          <OfflineSupport />
        </LanguageProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
