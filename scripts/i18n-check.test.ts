import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkI18n, jsxLiterals } from './i18n-check.mjs';

// Each test writes a small project (catalogues, sources, ratchet list) and runs the lint check on it.
const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));

function project(files: Record<string, string>) {
  const root = mkdtempSync(path.join(tmpdir(), 'i18n-check-'));
  roots.push(root);
  const all: Record<string, string> = {
    'scripts/list.txt': '# ceiling: 0\n',
    'common/i18n/en/shell.json': JSON.stringify({
      'shell.home': 'Home',
      'shell.count': '{n, plural, one {# doctor} other {# doctors}}',
    }),
    'common/i18n/es/shell.json': JSON.stringify({
      'shell.home': 'Inicio',
      'shell.count': '{n, plural, one {# médico} other {# médicos}}',
    }),
    'client/src/app/nav.tsx':
      "export const Nav = ({ t }: { t: (k: string) => string }) => <a>{t('shell.home')}{t('shell.count')}</a>;\n",
    ...files,
  };
  for (const [file, text] of Object.entries(all)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return checkI18n({
    root,
    catalogueDir: 'common/i18n',
    languages: ['en', 'es'],
    sourceDirs: ['client/src'],
    jsxDirs: ['client/src'],
    listFile: 'scripts/list.txt',
  }).problems;
}

describe('the language lint check', () => {
  it('passes a complete project', () => {
    expect(project({})).toEqual([]);
  });

  it('fails when a key is missing in a language', () => {
    const problems = project({ 'common/i18n/es/shell.json': JSON.stringify({ 'shell.count': '{n, number}' }) });
    expect(problems).toContain('es/shell.json: key "shell.home" is missing');
  });

  it('fails when a translation drops or renames an argument', () => {
    const problems = project({
      'common/i18n/es/shell.json': JSON.stringify({ 'shell.home': 'Inicio', 'shell.count': '{count} médicos' }),
    });
    expect(problems.join('\n')).toMatch(/"shell.count" uses \{count\}, en uses \{n\}/);
  });

  it('fails when English prints a value another language chooses words for (a select), and the other way round', () => {
    const english = (home: string) =>
      JSON.stringify({ 'shell.home': home, 'shell.count': '{n, plural, one {# doctor} other {# doctors}}' });
    const spanish = (home: string) =>
      JSON.stringify({ 'shell.home': home, 'shell.count': '{n, plural, one {# médico} other {# médicos}}' });
    const raw = project({
      'common/i18n/en/shell.json': english('Already {status}'),
      'common/i18n/es/shell.json': spanish('Ya {status, select, paid {pagado} other {{status}}}'),
    });
    expect(raw.join('\n')).toMatch(/"shell.home" uses \{status, status:other\|paid\}, en uses \{status\}/);
    const fewer = project({
      'common/i18n/en/shell.json': english('Already {status, select, paid {paid} failed {failed} other {{status}}}'),
      'common/i18n/es/shell.json': spanish('Ya {status, select, paid {pagado} other {{status}}}'),
    });
    expect(fewer.join('\n')).toMatch(/"shell.home" uses .*status:other\|paid.*en uses .*status:failed\|other\|paid/);
    // Plural categories are each language's own: only selects must match.
    expect(
      project({
        'common/i18n/es/shell.json': spanish('Inicio'),
        'common/i18n/en/shell.json': english('Home'),
      }),
    ).toEqual([]);
  });

  it('fails on a message that is not valid ICU', () => {
    const problems = project({
      'common/i18n/es/shell.json': JSON.stringify({ 'shell.home': 'Inicio {', 'shell.count': '{n} médicos' }),
    });
    expect(problems).toContain('es/shell.json: "shell.home" is not a valid ICU message');
  });

  it('fails when a key is not used', () => {
    const problems = project({
      'client/src/app/nav.tsx':
        "export const Nav = ({ t }: { t: (k: string) => string }) => <a>{t('shell.home')}</a>;\n",
    });
    expect(problems).toContain('key "shell.count" is not used anywhere (remove it, or use it)');
  });

  it('counts a key family used through a template literal', () => {
    const problems = project({
      'client/src/app/nav.tsx':
        'export const Nav = ({ t, k }: { t: (k: string) => string; k: string }) => <a>{t(`shell.${k}`)}</a>;\n',
    });
    expect(problems).toEqual([]);
  });

  it('fails when a screen area is shown without being named in textsFor', () => {
    const area = {
      'common/i18n/en/screens/booking.json': JSON.stringify({ 'booking.title': 'Book' }),
      'common/i18n/es/screens/booking.json': JSON.stringify({ 'booking.title': 'Reservar' }),
    };
    const bare = project({
      ...area,
      'client/src/features/book.tsx':
        "export const B = ({ t }: { t: (k: string) => string }) => <h1>{t('booking.title')}</h1>;\n",
    });
    expect(bare).toEqual(['client/src/features/book.tsx: uses "booking." keys without textsFor(\'booking\')']);
    const named = project({
      ...area,
      'client/src/features/book.tsx':
        "const useT = textsFor('booking');\nexport const B = () => <h1>{useT()('booking.title')}</h1>;\n",
    });
    expect(named).toEqual([]);
  });

  it('fails when a key does not start with its file name', () => {
    const problems = project({
      'common/i18n/en/shell.json': JSON.stringify({ 'shell.home': 'Home', 'shell.count': '{n}', 'nav.x': 'X' }),
      'common/i18n/es/shell.json': JSON.stringify({ 'shell.home': 'Inicio', 'shell.count': '{n}', 'nav.x': 'X' }),
      'client/src/app/nav.tsx': "export const k = ['shell.home', 'shell.count', 'nav.x'];\n",
    });
    expect(problems).toContain('en/shell.json: key "nav.x" must start with "shell."');
  });

  it('fails when text reaches JSX without a key', () => {
    const problems = project({
      'client/src/app/page.tsx': 'export const Page = () => <p title="Welcome">Hello there</p>;\n',
    });
    expect(problems).toContain('client/src/app/page.tsx:1: "Hello there" reaches JSX without a catalogue key');
    expect(problems).toContain('client/src/app/page.tsx:1: "Welcome" reaches JSX without a catalogue key');
  });

  it('lets a listed file keep its text, and fails once it no longer needs the list', () => {
    const page = { 'client/src/app/page.tsx': 'export const Page = () => <p>Hello there</p>;\n' };
    expect(project({ ...page, 'scripts/list.txt': '# ceiling: 1\nclient/src/app/page.tsx\n' })).toEqual([]);
    expect(
      project({
        'client/src/app/page.tsx': 'export const Page = () => <p>{42}</p>;\n',
        'scripts/list.txt': '# ceiling: 1\nclient/src/app/page.tsx\n',
      }),
    ).toContain('client/src/app/page.tsx has no text without a key any more: take it off scripts/list.txt');
  });

  it('makes a shorter list lower its ceiling, so the room a converted file leaves is not reused', () => {
    const problems = project({ 'scripts/list.txt': '# ceiling: 3\n' });
    expect(problems).toContain('scripts/list.txt: 0 files listed; lower its ceiling from 3 to 0');
  });

  it('refuses a list that grows past its ceiling', () => {
    const problems = project({
      'client/src/app/a.tsx': 'export const A = () => <p>Hello</p>;\n',
      'client/src/app/b.tsx': 'export const B = () => <p>Bye</p>;\n',
      'scripts/list.txt': '# ceiling: 1\nclient/src/app/a.tsx\nclient/src/app/b.tsx\n',
    });
    expect(problems.join('\n')).toMatch(/2 files listed, more than its ceiling of 1/);
  });
});

describe('text in JSX', () => {
  const found = (code: string) => jsxLiterals('x.tsx', code).map((f) => f.text);

  it('finds literals through conditions and text attributes', () => {
    expect(
      found("const A = ({ busy }: { busy: boolean }) => <b aria-label=\"Close\">{busy ? 'Saving...' : 'Save'}</b>;"),
    ).toEqual(['Close', 'Saving...', 'Save']);
  });

  it('leaves alone what is not text: class names, symbols, numbers, the product name', () => {
    expect(found('const A = () => <p className="mt-2 text-sm" id="x">Medora · {1} ( ) — $</p>;')).toEqual([]);
  });
});
