import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { Language } from '@common/i18n/languages';
import FIRST_AREAS from '../app/first-areas.json';
import { startFirstQueries } from '../app/first-queries';
import { AppTree } from '../app/app-tree';
import { seedDrawnData, type DrawnData } from '../app/drawn-data';
import { ensureAreas, loadAreasNow, setActiveLanguage } from '../lib/i18n/areas';
import { loadMessages } from '../lib/i18n/load-messages';
import { createQueryClient } from '../lib/query-client';
import { doctorName } from '../lib/doctor-display';
import { documentTitle } from '../ui/document-title';
import { publicDoctorSchema } from '@common/schemas/doctors';

// The build's script draws each first screen in every language the app has.
export { LANGUAGES } from '@common/i18n/languages';

/**
 * A first screen as a signed-out visitor's first render draws it (the app's tree, before any
 * query has answered and before the first paint, or with the answers in `data`), as markup. Run at
 * build time in Node by scripts/prerender.mjs (decision 112), and for a doctor's page by the server
 * per request (decision 116); the browser's app takes it over when it starts.
 *
 * The active language is the module's own: calls must not overlap (the server runs them in turn).
 */
export async function renderFirstScreen(pathname: string, language: Language, data: DrawnData = {}): Promise<string> {
  const queryClient = createQueryClient();
  setActiveLanguage(language);
  const first = startFirstQueries(queryClient, pathname, { signedOut: true, queries: false });
  const [messages] = await Promise.all([loadMessages(language), first.code, loadAreasNow(language, FIRST_AREAS)]);
  // The screen's code loads once per process, and its texts with it in the first language only: the
  // rest come here, so the render does not suspend for them one by one (a component that did would
  // still find its texts when woken: they are written into the provider's messages, decision 117).
  await ensureAreas(language);
  seedDrawnData(queryClient, data);
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

/** The tab's title of a page drawn with `data`, as the screen names itself once it runs (the doctor's name). */
export function drawnTitle(data: DrawnData): string | undefined {
  return data.doctor === undefined ? undefined : documentTitle(doctorName(publicDoctorSchema.parse(data.doctor)));
}
