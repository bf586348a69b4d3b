import { describe, expect, it, vi } from 'vitest';
import { DRAWN_DATA_ID } from '@common/constants/drawn-data';
import { drawnDoctorPages, loadRenderScreen, type RenderScreen } from './drawn-doctor';

const PAGE = [
  '<html><head>',
  '<title>Medora — Telehealth marketplace</title>',
  '<script type="module" crossorigin src="/assets/index-a.js"></script>',
  '</head><body>',
  '<div id="root"></div>',
  '</body></html>',
].join('\n');
const ID = '6f1f5a3e-2b7c-4d2a-9c55-1f0e6a7b8c9d';
// What a doctor may write about themselves, aimed at the page around it.
const ABOUT = "Ends early </script><script>alert(1)</script> and $& $' \u2028 & <!-- too";
const card = (about = ABOUT) => JSON.stringify({ id: ID, user: { lastName: 'Okafor <b>"Ada"</b>' }, about });

// Stands in for the app's components: escapes text as React does.
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const fakeRender: RenderScreen = async (pathname, language, data) => {
  const doctor = data.doctor as { about: string };
  return `<main data-path="${pathname}" lang="${language}"><p>${escape(doctor.about)}</p></main>`;
};

function setup(render: RenderScreen = fakeRender, cards: Record<string, string> = { [ID]: card() }) {
  const spy = vi.fn(render);
  const lookup = vi.fn(async (id: string) => cards[id]);
  const shown = vi.fn((stored: string) => stored);
  const title = (data: { doctor?: unknown }) =>
    `Dr. ${(data.doctor as { user: { lastName: string } }).user.lastName} · Medora`;
  const pages = drawnDoctorPages({
    card: { read: lookup, shown },
    loader: 'start-after-paint-g.js',
    render: async () => ({ render: spy, title }),
  });
  return { pages, spy, lookup, shown, cards };
}

const dataBlockText = (html: string) =>
  new RegExp(`<script type="application/json" id="${DRAWN_DATA_ID}">([^]*?)</script>`).exec(html)?.[1];

describe('a doctor’s page drawn per request', () => {
  it('carries the doctor’s own words intact, in the markup and in the data block', async () => {
    const { pages } = setup();
    const page = (await pages(() => PAGE, 'en', ID))!.identity.toString();
    expect(page).toContain(
      `<div id="root"><main data-path="/doctors/${ID}" lang="en"><p>${escape(ABOUT)}</p></main></div>`,
    );
    // Nothing the doctor wrote closes the block or starts a script: the first `</script>` after it
    // is the block's own, and what it holds is the card, whole.
    const block = dataBlockText(page)!;
    expect(block).not.toMatch(/[<>\u2028]/);
    expect(JSON.parse(block)).toEqual({ doctor: JSON.parse(card()) });
    expect(page.match(/<script/g)).toHaveLength(2); // the loader and the data block
    expect(page).not.toContain('<script type="module"');
    // The tab names the doctor before any script has run, the name escaped like any text.
    expect(page).toContain('<title>Dr. Okafor &lt;b&gt;&quot;Ada&quot;&lt;/b&gt; · Medora</title>');
  });

  it('draws nothing for an id that is no doctor’s, and asks nobody for a malformed one', async () => {
    const { pages, lookup, spy } = setup();
    expect(await pages(() => PAGE, 'en', 'not-a-uuid')).toBeUndefined();
    expect(await pages(() => PAGE, 'en', "1' or '1'='1")).toBeUndefined();
    expect(lookup).not.toHaveBeenCalled();
    expect(await pages(() => PAGE, 'en', '00000000-0000-4000-8000-000000000000')).toBeUndefined();
    expect(spy).not.toHaveBeenCalled();
  });

  it('keeps a drawn page until the doctor’s card changes, per language', async () => {
    const { pages, spy, shown, cards } = setup();
    const plain = vi.fn(() => PAGE);
    await pages(plain, 'en', ID);
    await pages(plain, 'en', ID);
    expect(spy).toHaveBeenCalledTimes(1);
    // A kept page costs the lookup and its hash: the card is shaped and the page read only to draw.
    expect(shown).toHaveBeenCalledTimes(1);
    expect(plain).toHaveBeenCalledTimes(1);
    await pages(() => PAGE, 'ar', ID);
    expect(spy).toHaveBeenCalledTimes(2);
    cards[ID] = card('Now also sees children.');
    const page = (await pages(() => PAGE, 'en', ID))!.identity.toString();
    expect(spy).toHaveBeenCalledTimes(3);
    expect(page).toContain('Now also sees children.');
  });

  it('renders one page at a time (the render keeps its language in a module variable)', async () => {
    let running = 0;
    let most = 0;
    const slow: RenderScreen = async (...args) => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      return fakeRender(...args);
    };
    const { pages } = setup(slow);
    const drawn = await Promise.all((['en', 'es', 'ar'] as const).map((language) => pages(() => PAGE, language, ID)));
    expect(most).toBe(1);
    expect(drawn.map((p) => /lang="(\w+)"/.exec(p!.identity.toString())?.[1])).toEqual(['en', 'es', 'ar']);
  });

  it('sends pages plain rather than late when renders queue up', async () => {
    let finish = () => {};
    const blocked = new Promise<void>((resolve) => (finish = resolve));
    const ids = Array.from({ length: 6 }, (_, i) => `6f1f5a3e-2b7c-4d2a-9c55-1f0e6a7b8c${String(i).padStart(2, '0')}`);
    const { pages, spy } = setup(
      async (...args) => {
        await blocked;
        return fakeRender(...args);
      },
      Object.fromEntries(ids.map((id) => [id, JSON.stringify({ ...JSON.parse(card()), id })])),
    );
    const drawn = ids.map((id) => pages(() => PAGE, 'en', id));
    finish();
    const results = await Promise.all(drawn);
    expect(results.map((page) => page !== undefined)).toEqual([true, true, true, true, false, false]);
    expect(spy).toHaveBeenCalledTimes(4);
    // The queue gone, the next is drawn again.
    expect(await pages(() => PAGE, 'en', ids[5])).toBeDefined();
  });

  it('lets a failed render fail that request only, and draws again on the next', async () => {
    let fail = true;
    const { pages } = setup(async (...args) => {
      if (fail) throw new Error('render failed');
      return fakeRender(...args);
    });
    await expect(pages(() => PAGE, 'en', ID)).rejects.toThrow('render failed');
    fail = false;
    expect(await pages(() => PAGE, 'en', ID)).toBeDefined();
  });

  it('draws nothing without the build’s render module', async () => {
    expect(await loadRenderScreen('/nonexistent/first-screen.js')()).toBeUndefined();
  });
});
