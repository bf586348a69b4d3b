import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstScreenAt, pathMatches, readFirstAreas, readFirstScreens, type FirstScreen } from './first-screens';
import { indexPages, languageChunks, pageInLanguage } from './page-language';

const HTML = '<!doctype html>\n<html lang="en">\n<head>\n<title>Medora</title>\n</head>\n<body></body>\n</html>\n';
const SCREENS: FirstScreen[] = [
  { path: '/', signedOutOnly: true, chunks: ['landing-page-a.js', 'featured-doctors-b.js'] },
  { path: '/find-doctors', signedOutOnly: false, chunks: ['find-doctors-page-c.js'] },
  { path: '/doctors/:id', signedOutOnly: false, chunks: ['doctor-profile-page-d.js'] },
];

describe('pathMatches', () => {
  it('matches a parameter segment and nothing longer, shorter or empty', () => {
    expect(pathMatches('/doctors/:id', '/doctors/abc')).toBe(true);
    expect(pathMatches('/doctors/:id', '/doctors/abc/')).toBe(true);
    expect(pathMatches('/doctors/:id', '/doctors')).toBe(false);
    expect(pathMatches('/doctors/:id', '/doctors/')).toBe(false);
    expect(pathMatches('/doctors/:id', '/doctors/abc/reviews')).toBe(false);
    expect(pathMatches('/', '/')).toBe(true);
    expect(pathMatches('/', '/find-doctors')).toBe(false);
    expect(pathMatches('/find-doctors', '/')).toBe(false);
  });
});

describe('firstScreenAt', () => {
  it('gives the signed-out home only to a visitor without a session cookie', () => {
    expect(firstScreenAt(SCREENS, '/', false)).toBe(0);
    expect(firstScreenAt(SCREENS, '/', true)).toBeUndefined();
    expect(firstScreenAt(SCREENS, '/doctors/x', true)).toBe(2);
    expect(firstScreenAt(SCREENS, '/profile', false)).toBeUndefined();
  });
});

describe('readFirstScreens', () => {
  it('reads the build’s list, and a build without one preloads nothing', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'first-screens-'));
    writeFileSync(path.join(dir, 'first-screens.json'), JSON.stringify(SCREENS));
    expect(readFirstScreens(path.join(dir, 'first-screens.json'))).toEqual(SCREENS);
    expect(readFirstScreens(path.join(dir, 'missing.json'))).toEqual([]);
  });
});

describe('languageChunks', () => {
  it('gives each language its catalogue, then the first areas the build listed for it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'assets-'));
    for (const file of ['catalogue-en-1.js', 'catalogue-es-2.js', 'catalogue-es-2.js.br', 'when-9.js'])
      writeFileSync(path.join(dir, file), '');
    expect(languageChunks(dir, { en: ['when-9.js'] })).toEqual({
      en: ['catalogue-en-1.js', 'when-9.js'],
      es: ['catalogue-es-2.js'],
      ar: [],
    });
    writeFileSync(path.join(dir, 'first-areas.json'), JSON.stringify({ ar: ['when-3.js'] }));
    expect(readFirstAreas(path.join(dir, 'first-areas.json'))).toEqual({ ar: ['when-3.js'] });
    expect(readFirstAreas(path.join(dir, 'missing.json'))).toEqual({});
  });
});

describe('the page a request gets', () => {
  it('says the visitor is signed out and preloads the screen’s chunks after the language’s', () => {
    const page = pageInLanguage(HTML, 'ar', ['catalogue-ar-x.js', 'when-ar.js'], {
      chunks: SCREENS[0].chunks,
      signedOut: true,
    });
    expect(page).toContain('<html lang="ar" dir="rtl" data-language="ar" data-session="none">');
    const preloads = [...page.matchAll(/<link rel="modulepreload" crossorigin href="\/assets\/([^"]+)">/g)].map(
      (m) => m[1],
    );
    expect(preloads).toEqual(['catalogue-ar-x.js', 'when-ar.js', 'landing-page-a.js', 'featured-doctors-b.js']);
    expect(page.indexOf('featured-doctors-b.js')).toBeLessThan(page.indexOf('</head>'));
  });

  it('says nothing about the session when a cookie came, and builds each variant once', () => {
    const pages = indexPages(HTML, { en: ['catalogue-en-y.js'] }, SCREENS);
    const signedIn = pages({ language: 'en', screen: undefined, signedOut: false });
    expect(signedIn.identity.toString()).not.toContain('data-session');
    expect(signedIn.identity.toString()).not.toContain('landing-page');
    const doctor = pages({ language: 'en', screen: 2, signedOut: true });
    expect(doctor.identity.toString()).toContain('doctor-profile-page-d.js');
    expect(pages({ language: 'en', screen: 2, signedOut: true })).toBe(doctor);
    expect(doctor.br.length).toBeGreaterThan(0);
  });
});
