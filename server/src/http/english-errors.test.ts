// No error reply made from a plain English string: every AppError comes from the catalogue
// (localizedError, notFound, unauthorized, forbidden), so a Spanish or Arabic reader reads it in
// their language. The few that must stay as they are carry their reason below.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NOT_FOUND_THINGS, notFound, sayError } from '../core/errors';

const SERVER_SRC = join(__dirname, '..');

/** Calls that make an error reply from a string rather than a catalogue key. */
const ENGLISH_ERROR = [
  /\bnew AppError\(/,
  /\bbadRequest\(/,
  /\b(?:conflict|gone)\(\s*['"`A-Za-z_]/,
  /\b(?:unauthorized|forbidden)\(\s*['"`A-Za-z_]/,
  /\bnotFound\(\s*`/,
  /\.status\(\s*[45]\d\d\s*\)\s*\.send\(\s*\{\s*message:\s*['"`]/,
];

/** Each exception: the file, the line's text that makes it, and why it stays. */
const ALLOWED: { file: string; line: string; why: string }[] = [
  {
    file: 'core/errors.ts',
    line: 'new AppError(',
    why: 'the error type itself and the helpers that build it from catalogue keys',
  },
  {
    file: 'payments/not-paid.ts',
    line: "new AppError('payment_required', lastError)",
    why: "a real processor's own decline text (Stripe's), passed on as the processor wrote it",
  },
  {
    file: 'payments/simulated.ts',
    line: 'throw badRequest(Object.values(errors)[0]!, errors)',
    why: "common/rules/card.ts: the card form checks it first and shows it in the reader's language",
  },
  {
    file: 'modules/patients/profile.ts',
    line: 'throw badRequest(problem, { dateOfBirth: problem })',
    why: 'common/schemas/patient-profile.ts dateOfBirthProblem: the profile form checks it first',
  },
  {
    file: 'modules/schedule/store.ts',
    line: 'throw badRequest(gaps[0], { weekly: gaps[0] })',
    why: 'common/rules/schedule-rules.ts dstGapProblems: a sentence with weekday, times and a date',
  },
  {
    file: 'modules/metrics/routes.ts',
    line: "reply.status(404).send({ message: 'Not found.'",
    why: 'the metrics endpoint answers a scraper, not a person',
  },
];

/** The lines of a source text that make an error reply from a string. */
function englishErrorLines(source: string): string[] {
  return source
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line))
    .filter((line) => ENGLISH_ERROR.some((pattern) => pattern.test(line)))
    .map((line) => line.trim());
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-support' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('English-only error replies', () => {
  it('finds a planted one of each kind, and none in catalogue calls', () => {
    const planted = [
      "throw new AppError('conflict', 'This slot is gone.');",
      'if (!row) throw badRequest(`Bad ${thing}`);',
      'throw conflict(SLOT_TAKEN);',
      "  throw gone('This link has expired.');",
      "throw unauthorized('Sign in first.');",
      'throw forbidden(NOT_YOURS);',
      'throw notFound(`${what}`);',
      "return reply.status(409).send({ message: 'Already done.', code: 'conflict' });",
    ].join('\n');
    expect(englishErrorLines(planted)).toHaveLength(8);
    const fine = [
      "throw localizedError('conflict', 'errors.slotTaken');",
      "throw localizedError('conflict', 'errors.payoutAlready', { status });",
      "throw notFound('Time off');",
      'throw unauthorized();',
      'throw forbidden();',
      "// a comment may say new AppError('conflict', 'text')",
      'return reply.status(202).send({ message: RESEND_VERIFICATION_REPLY });',
    ].join('\n');
    expect(englishErrorLines(fine)).toEqual([]);
  });

  it('server/src has none outside the reasoned exceptions', () => {
    const files = sourceFiles(SERVER_SRC);
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((path) => {
      const file = relative(SERVER_SRC, path);
      return englishErrorLines(readFileSync(path, 'utf8'))
        .filter((line) => !ALLOWED.some((allowed) => allowed.file === file && line.includes(allowed.line)))
        .map((line) => `${file}: ${line}`);
    });
    expect(found).toEqual([]);
  });

  it('every exception still exists (a stale one would hide a new call in its file)', () => {
    for (const allowed of ALLOWED) {
      const lines = englishErrorLines(readFileSync(join(SERVER_SRC, allowed.file), 'utf8'));
      expect(
        lines.filter((line) => line.includes(allowed.line)),
        allowed.file,
      ).not.toEqual([]);
    }
  });
});

describe('404s', () => {
  it('each record a 404 names has its own words in every language, English as it always read', () => {
    const fallback = { es: sayError('es', notFound().text!), ar: sayError('ar', notFound().text!) };
    for (const what of NOT_FOUND_THINGS.filter((thing) => thing !== 'Resource')) {
      const error = notFound(what);
      expect(error.message).toBe(`${what} not found.`);
      expect(sayError('es', error.text!), what).not.toBe(fallback.es);
      expect(sayError('ar', error.text!), what).not.toBe(fallback.ar);
    }
  });
});
