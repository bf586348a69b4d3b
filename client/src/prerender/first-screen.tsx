import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { Language } from '@common/i18n/languages';
import FIRST_AREAS from '../app/first-areas.json';
import { startFirstQueries } from '../app/first-queries';
import { AppTree } from '../app/app-tree';
import { loadAreasNow, setActiveLanguage } from '../lib/i18n/areas';
import { loadMessages } from '../lib/i18n/load-messages';
import { createQueryClient } from '../lib/query-client';

// The build's script draws each first screen in every language the app has.
export { LANGUAGES } from '@common/i18n/languages';

/**
 * A first screen as a signed-out visitor's first render draws it (the app's tree, before any
 * query has answered and before the first paint), as markup. Run at build time in Node by
 * scripts/prerender.mjs (decision 112); the browser's app takes it over when it starts.
 */
export async function renderFirstScreen(pathname: string, language: Language): Promise<string> {
  const queryClient = createQueryClient();
  setActiveLanguage(language);
  const first = startFirstQueries(queryClient, pathname, { signedOut: true, queries: false });
  const [messages] = await Promise.all([loadMessages(language), first.code, loadAreasNow(language, FIRST_AREAS)]);
  const { prelude } = await prerender(
    <AppTree
      queryClient={queryClient}
      language={language}
      messages={messages}
      router={(routes) => <StaticRouter location={pathname}>{routes}</StaticRouter>}
    />,
    // React moves a finished boundary larger than this (12,800 bytes by default) out of place, to
    // be put in by an inline script, which the CSP refuses: Find Doctors' screen is about 17,000.
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  queryClient.clear();
  return new Response(prelude).text();
}
