import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { z } from 'zod';
import { DRAWN_DATA_ID } from '@common/constants/drawn-data';
import type { Language } from '@common/i18n/languages';
import { fromRoot } from '../core/paths';
import { withFirstMarkup } from './first-markup';
import type { IndexPage } from './page-language';

/** The app's components built for Node by scripts/prerender.mjs, which the build's markup also comes from. */
export const RENDER_MODULE = fromRoot('dist/render/first-screen.js');

export type RenderScreen = (pathname: string, language: Language, data: { doctor?: unknown }) => Promise<string>;
type RenderModule = { render: RenderScreen; title: (data: { doctor?: unknown }) => string | undefined };

/**
 * A listed doctor's card as stored (JSON text), or undefined, and what of it a page may show:
 * only the kept pages' keys are computed per request; the public shape only when a page is drawn.
 */
export type DoctorCard = { read: (id: string) => Promise<string | undefined>; shown: (card: string) => string };

/** Pages kept drawn: the most visited doctors, in each language (a few tens of KB each). */
const KEPT = 64;

/**
 * Renders waiting at most: past it, a page goes out plain rather than late. A crawl through every
 * doctor costs one core's share of renders (20–40 ms each), never a queue that visitors wait in.
 */
const MOST_WAITING = 4;

const doctorId = z.uuid();

/**
 * The JSON as a data block's text: `<` cannot close the block, and a line separator cannot end a
 * line in it (the card holds what doctors wrote about themselves).
 */
export function dataBlock(id: string, json: string): string {
  const safe = json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `<script type="application/json" id="${id}">${safe}</script>`;
}

export function loadRenderScreen(file = RENDER_MODULE): () => Promise<RenderModule | undefined> {
  let loaded: Promise<RenderModule | undefined> | undefined;
  return () =>
    (loaded ??= import(pathToFileURL(file).href).then(
      (m: { renderFirstScreen: RenderScreen; drawnTitle: RenderModule['title'] }) => ({
        render: m.renderFirstScreen,
        title: m.drawnTitle,
      }),
      // A build without it (an older build): doctors' pages start empty, as before.
      () => undefined,
    ));
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/**
 * A doctor's page drawn for a signed-out visitor, per request (decision 116): the app's own
 * components render it with the doctor's card, the card goes beside it as a data block for the
 * browser's first render, and the scripts start after the first paint as on the pages the build
 * drew. Pages are kept by language and card, so a changed card draws afresh. Undefined when there
 * is nothing to draw (no such listed doctor, no render module); the caller sends the plain page.
 * Renders run one at a time: the render module keeps the active language in a module variable.
 */
export function drawnDoctorPages({
  card,
  loader,
  render = loadRenderScreen(),
}: {
  card: DoctorCard;
  loader: string;
  render?: () => Promise<RenderModule | undefined>;
}) {
  const kept = new Map<string, Promise<IndexPage | undefined>>();
  let turn: Promise<unknown> = Promise.resolve();
  let waiting = 0;

  async function draw(plain: () => string, language: Language, id: string, stored: string) {
    const screen = await render();
    if (!screen) return undefined;
    const json = card.shown(stored);
    const data = { doctor: JSON.parse(json) as unknown };
    const mine = turn.then(() => screen.render(`/doctors/${id}`, language, data));
    turn = mine.catch(() => undefined);
    const markup = await mine;
    const title = screen.title(data);
    const page = withFirstMarkup(plain(), markup, loader)
      .replace(/<title>[^<]*<\/title>/, (plainTitle) => (title ? `<title>${escapeHtml(title)}</title>` : plainTitle))
      .replace('</body>', () => `${dataBlock(DRAWN_DATA_ID, `{"doctor":${json}}`)}\n</body>`);
    const identity = Buffer.from(page);
    return {
      text: page,
      identity,
      br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } }),
      gzip: gzipSync(identity, { level: 6 }),
    };
  }

  return async (plain: () => string, language: Language, id: string): Promise<IndexPage | undefined> => {
    if (!doctorId.safeParse(id).success) return undefined;
    const stored = await card.read(id);
    if (stored === undefined) return undefined;
    const key = `${language}|${createHash('sha256').update(stored).digest('base64url')}`;
    let page = kept.get(key);
    if (page) {
      // Most recently used last: the first key is the one to drop.
      kept.delete(key);
    } else if (waiting >= MOST_WAITING) {
      return undefined;
    } else {
      waiting += 1;
      page = draw(plain, language, id, stored).finally(() => (waiting -= 1));
      page.catch(() => kept.delete(key));
    }
    kept.set(key, page);
    if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
    return page;
  };
}
