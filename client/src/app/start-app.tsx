import type { QueryClient } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import type { Language } from '@common/i18n/languages';
import type { Messages } from '../lib/i18n/collect';
import { AppTree } from './app-tree';

/**
 * The app's first render (main.tsx). A chunk of its own, loaded as the page's first queries start
 * and preloaded with the entry (vite.config.ts, `preloadStartChunks`): the browser runs the shell's code in
 * a task of its own rather than in the entry's, so neither is one long task on a phone.
 */
export function startApp(
  root: HTMLElement,
  {
    drawn,
    queryClient,
    language,
    messages,
  }: { drawn: boolean; queryClient: QueryClient; language: Language; messages: Messages },
) {
  const app = (
    <AppTree
      queryClient={queryClient}
      language={language}
      messages={messages}
      router={(routes) => <BrowserRouter>{routes}</BrowserRouter>}
    />
  );
  // Rendered as a transition: React yields to the browser every few milliseconds while it builds
  // the first screen, so a phone stays responsive to a tap instead of freezing for one long task.
  // A drawn first screen is taken over as it is (hydration): the browser keeps its elements, so
  // nothing is laid out or painted again.
  startTransition(() => {
    if (drawn) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
}
