import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFirstMarkup, withFirstMarkup, type FirstMarkup } from './first-markup';
import type { FirstScreen } from './first-screens';
import { indexPages } from './page-language';

// As Vite writes index.html: the entry and its preloads in the head, the warm-up script async.
const HTML = [
  '<!doctype html>',
  '<html lang="en">',
  '<head>',
  '<title>Medora</title>',
  '<script type="module" crossorigin src="/assets/index-a.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/shared-b.js">',
  '<link rel="stylesheet" crossorigin href="/assets/index-c.css">',
  '<script async src="/assets/warm-intl-d.js"></script>',
  '</head>',
  '<body>',
  '<div id="root"></div>',
  '</body>',
  '</html>',
].join('\n');
const SCREENS: FirstScreen[] = [
  { path: '/', signedOutOnly: true, chunks: ['landing-page-e.js'] },
  { path: '/find-doctors', signedOutOnly: false, chunks: ['find-doctors-page-f.js'] },
];
const MARKUP: FirstMarkup = {
  loader: 'start-after-paint-g.js',
  screens: { '/': { en: '<h1>Care from trusted doctors</h1>', ar: '<h1>رعاية من أطباء موثوقين</h1>' } },
};
const text = (page: { identity: Buffer }) => page.identity.toString();

describe('a first screen sent drawn', () => {
  it('hands the entry and every preload to the loader, which the page names instead', () => {
    const page = withFirstMarkup(HTML, '<h1>Hello</h1>', 'start-after-paint-g.js');
    expect(page).not.toContain('<script type="module"');
    expect(page).not.toContain('rel="modulepreload"');
    expect(page).toContain(
      '<script async src="/assets/start-after-paint-g.js" data-entry="/assets/index-a.js" data-preloads="/assets/shared-b.js"></script>',
    );
    expect(page).toContain('<div id="root"><h1>Hello</h1></div>');
    // The first Intl object is made before the paint, not in the middle of the app's start.
    expect(page).toContain('<script src="/assets/warm-intl-d.js"></script>');
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/index-c.css">');
  });

  it('leaves a page without an entry script as it is', () => {
    const page = '<html><head></head><body><div id="root"></div></body></html>';
    expect(withFirstMarkup(page, '<h1>Hello</h1>', 'start-after-paint-g.js')).toBe(page);
  });

  it('goes only to a signed-out visitor of a drawn screen, in that visitor’s language', () => {
    const pages = indexPages(HTML, { en: ['catalogue-en-h.js'], ar: ['catalogue-ar-i.js'] }, SCREENS, MARKUP);
    const arabic = text(pages({ language: 'ar', screen: 0, signedOut: true }));
    expect(arabic).toContain('<div id="root"><h1>رعاية من أطباء موثوقين</h1></div>');
    // The language's catalogue and the screen's chunks are the loader's to fetch, after the paint.
    expect(arabic).toMatch(/data-preloads="[^"]*catalogue-ar-i\.js[^"]*landing-page-e\.js"/);
    expect(arabic).not.toContain('rel="modulepreload"');

    const signedIn = text(pages({ language: 'en', screen: undefined, signedOut: false }));
    expect(signedIn).toContain('<div id="root"></div>');
    expect(signedIn).toContain('<script type="module" crossorigin src="/assets/index-a.js"></script>');
    const notDrawn = text(pages({ language: 'en', screen: 1, signedOut: true }));
    expect(notDrawn).toContain('<div id="root"></div>');
    // No markup in Spanish: the page starts empty, as every page did before.
    expect(text(pages({ language: 'es', screen: 0, signedOut: true }))).toContain('<div id="root"></div>');
    // A URL with a query may ask the screen for another first render (a search's filters): not drawn.
    const withQuery = text(pages({ language: 'ar', screen: 0, signedOut: true, query: true }));
    expect(withQuery).toContain('<div id="root"></div>');
    expect(withQuery).toContain('<script type="module" crossorigin src="/assets/index-a.js"></script>');
  });

  it('reads the build’s file, and a build without one draws nothing', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'medora-markup-'));
    const file = path.join(dir, 'first-markup.json');
    writeFileSync(file, JSON.stringify(MARKUP));
    expect(readFirstMarkup(file)).toEqual(MARKUP);
    expect(readFirstMarkup(path.join(dir, 'missing.json'))).toBeUndefined();
  });
});
