// `npm run lint`: catalogues complete in every language, no unused key, no JSX text without a key
// outside the ratchet list (scripts/i18n-unconverted.txt). `--list` prints the files that still
// have text without a key. Docs: docs/languages.md.
import path from 'node:path';
import { checkI18n } from './i18n-check.mjs';

const root = path.resolve(import.meta.dirname, '..');
const PROJECT = {
  root,
  catalogueDir: 'common/i18n',
  languages: ['en', 'es', 'ar'],
  sourceDirs: ['client/src', 'server/src', 'common'],
  jsxDirs: ['client/src'],
  listFile: 'scripts/i18n-unconverted.txt',
};

const { problems, unconverted } = checkI18n(PROJECT);
if (process.argv.includes('--list')) {
  console.log(unconverted.join('\n'));
  process.exit(0);
}
if (problems.length > 0) {
  console.error(`Language check: ${problems.length} problem(s)\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(
  `Language check: catalogues complete; ${unconverted.length} screens still to convert (${PROJECT.listFile}).`,
);
