import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fromRoot, PROJECT_ROOT } from '../core/paths';
import { drawnDoctorPages, type DoctorCard } from './drawn-doctor';
import { readFirstMarkup } from './first-markup';
import { firstScreenAt, readFirstAreas, readFirstScreens } from './first-screens';
import { CATALOGUE_ASSETS, indexPages, languageChunks, pageEncoding, type PageVariant } from './page-language';
import { requestLanguage } from './request-language';
import { sessionToken } from './session';

export type ClientMode = 'build' | 'vite' | 'none';

export const CLIENT_DIST = fromRoot('dist/client');

// HEAD answers wherever GET does: uptime checks and link checkers use it.
const isPageRequest = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') &&
  !request.url.startsWith('/api/') &&
  !path.extname(request.url.split('?')[0]);

const notFoundBody = { message: 'Not found.', code: 'not_found' };

/** Serves the React app with a single-page fallback: the client renders its own 404 page. */
export async function registerStaticClient(
  app: FastifyInstance,
  mode: ClientMode,
  { doctorCard }: { doctorCard?: DoctorCard } = {},
) {
  if (mode === 'none') {
    app.setNotFoundHandler(async (_request, reply) => reply.status(404).send(notFoundBody));
    return;
  }
  if (mode === 'vite') {
    const { createServer } = await import('vite');
    const middie = (await import('@fastify/middie')).default;
    await app.register(middie);
    const vite = await createServer({
      configFile: path.join(PROJECT_ROOT, 'vite.config.ts'),
      // Loads the config without writing a temporary file that `tsx watch` would take for a change.
      configLoader: 'runner',
      server: { middlewareMode: true },
      appType: 'spa',
    });
    app.use((req, res, next) => (req.url?.startsWith('/api/') ? next() : vite.middlewares(req, res, next)));
    app.addHook('onClose', () => vite.close());
    app.setNotFoundHandler(async (_request, reply) => reply.status(404).send(notFoundBody));
    return;
  }
  if (!existsSync(path.join(CLIENT_DIST, 'index.html'))) {
    throw new Error('The client is not built. Run `npm run build` (npm start does it for you).');
  }
  await app.register(fastifyStatic, {
    root: CLIENT_DIST,
    wildcard: false,
    index: false,
    // The build writes file.br and file.gz beside each file; the best one the browser accepts is
    // sent as it is, with Vary: Accept-Encoding.
    preCompressed: true,
    setHeaders: (res, filePath) => {
      // Hashed assets never change; index.html must always be fresh.
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // Read once: every page request gets it with the visitor's language written in (page-language.ts).
  const screens = readFirstScreens();
  const markup = readFirstMarkup();
  const pages = indexPages(
    readFileSync(path.join(CLIENT_DIST, 'index.html'), 'utf8'),
    languageChunks(CATALOGUE_ASSETS(CLIENT_DIST), readFirstAreas()),
    screens,
    markup,
  );
  const doctorPages = markup && doctorCard ? drawnDoctorPages({ card: doctorCard, loader: markup.loader }) : undefined;
  // A doctor's page for a signed-out visitor comes drawn with the doctor, when there is one to draw.
  const drawnWithData = async (request: FastifyRequest, variant: PageVariant, pathname: string) => {
    if (!doctorPages || variant.screen === undefined || !variant.signedOut || variant.query) return undefined;
    if (screens[variant.screen].drawnWith !== 'doctor') return undefined;
    const id = pathname.replace(/\/+$/, '').split('/')[2] ?? '';
    try {
      return await doctorPages(() => pages(variant).text, variant.language, id);
    } catch (err) {
      // No database, or a render that failed: the plain page, which asks the API itself.
      request.log.warn({ err }, 'doctor page not drawn');
      return undefined;
    }
  };
  app.setNotFoundHandler(async (request, reply) => {
    if (!isPageRequest(request)) return reply.status(404).send(notFoundBody);
    // Only the cookie's absence is certain: a cookie that has expired still makes the client ask.
    const signedOut = !sessionToken(request);
    const [pathname, search] = request.url.split('?', 2);
    const screen = firstScreenAt(screens, pathname, !signedOut);
    const variant = { language: requestLanguage(request), screen, signedOut, query: Boolean(search) };
    const page = (await drawnWithData(request, variant, pathname)) ?? pages(variant);
    const encoding = pageEncoding(request.headers['accept-encoding']);
    reply.header('cache-control', 'no-cache');
    // The page differs by encoding, language cookie and header; a shared cache must keep them apart.
    reply.header('vary', 'Accept-Encoding, Cookie, Accept-Language');
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.type('text/html; charset=utf-8').send(page[encoding]);
  });
}
