import { randomUUID } from 'node:crypto';
import fc from 'fast-check';

/** Fixed unless CHAOS_SEED says otherwise, so a CI failure replays the same values locally. */
export const SEED = Number(process.env.CHAOS_SEED ?? 1307);

export type Payload = { kind: string; value: unknown };

const KB100 = 'a'.repeat(100 * 1024);

/** What an attacker or a broken client puts into one field; each kind is reported by its name. */
const FIXED: Payload[] = [
  { kind: 'wrong type: number', value: 12345 },
  { kind: 'wrong type: string', value: 'not the right type' },
  { kind: 'wrong type: boolean', value: true },
  { kind: 'wrong type: object', value: { nested: { deeper: 1 } } },
  { kind: 'wrong type: array', value: ['a', 'b'] },
  { kind: 'null', value: null },
  { kind: 'empty string', value: '' },
  { kind: 'NUL character', value: 'abc\u0000def' },
  { kind: 'lone NUL', value: '\u0000' },
  { kind: 'control characters', value: 'a\u0001\u0007\u001b[31m\u007f\u0085b' },
  { kind: 'lone CR', value: 'line one\rline two' },
  { kind: 'CRLF header injection', value: 'x\r\nSet-Cookie: medora_session=stolen\r\nX-Injected: 1' },
  { kind: 'line separator', value: 'a\u2028b\u2029c' },
  { kind: '100 KB string', value: KB100 },
  { kind: 'lone surrogate', value: 'a\ud800b' },
  { kind: 'non-ASCII', value: '漢字 café 🩺 \u202eevil' },
  { kind: 'huge integer', value: 2 ** 31 },
  { kind: 'beyond bigint', value: 9_223_372_036_854_775_808 },
  { kind: 'unsafe integer', value: 2 ** 53 + 1 },
  { kind: '1e21', value: 1e21 },
  { kind: '1e21 as text', value: '1e21' },
  { kind: 'negative', value: -1 },
  { kind: 'large negative', value: -(2 ** 31) - 1 },
  { kind: 'non-integer', value: 1.5 },
  { kind: 'zero', value: 0 },
  { kind: 'Infinity as text', value: 'Infinity' },
  { kind: 'NaN as text', value: 'NaN' },
  { kind: 'date 0000-01-01', value: '0000-01-01' },
  { kind: 'date 9999-12-31', value: '9999-12-31' },
  { kind: 'date 2026-02-30', value: '2026-02-30' },
  { kind: 'not-a-date', value: 'not-a-date' },
  { kind: 'date-time far future', value: '9999-12-31T23:59:59.999Z' },
  { kind: 'not a UUID', value: 'not-a-uuid' },
  { kind: 'nil UUID', value: '00000000-0000-0000-0000-000000000000' },
  { kind: 'SQL injection', value: "' OR '1'='1'; DROP TABLE users; --" },
  { kind: 'HTML injection', value: '<script>alert(1)</script><img src=x onerror=alert(1)>' },
  { kind: 'path traversal', value: '../../../../etc/passwd' },
  { kind: 'encoded traversal', value: '..%2f..%2f..%2fetc%2fpasswd' },
  { kind: 'prototype key', value: '__proto__' },
  { kind: 'open redirect', value: '//evil.example/phish' },
  { kind: 'path with non-ASCII', value: '/漢字' },
  { kind: 'path with CRLF', value: '/a\r\nSet-Cookie: x=1' },
];

/** Random values from fast-check's generators, fixed by the seed. */
function generated(seed: number, count: number): Payload[] {
  const arbitrary = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc
      .date({ min: new Date(-62_000_000_000_000), max: new Date(250_000_000_000_000), noInvalidDate: true })
      .map((d) => d.toISOString()),
    fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  );
  return fc.sample(arbitrary, { seed, numRuns: count }).map((value, i) => ({ kind: `generated #${i}`, value }));
}

/** Ids that exist but belong to someone else, and ids that exist nowhere. */
export type ForeignIds = Record<string, string>;

export function payloadsFor(fieldKey: string, foreign: ForeignIds): Payload[] {
  const seed = SEED + [...fieldKey].reduce((sum, ch) => sum + ch.charCodeAt(0), 0);
  return [
    ...FIXED,
    { kind: 'unknown UUID', value: randomUuidFrom(seed) },
    ...Object.entries(foreign).map(([what, id]) => ({ kind: `foreign id: ${what}`, value: id })),
    ...generated(seed, 6),
  ];
}

const randomUuidFrom = (seed: number) => fc.sample(fc.uuid({ version: 4 }), { seed, numRuns: 1 })[0] ?? randomUUID();
