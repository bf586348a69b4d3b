import { describe, expect, it } from 'vitest';
import { registerRequestSchema, safeReturnPath } from './auth';

describe('safeReturnPath', () => {
  it.each([
    ['/appointments', '/appointments'],
    ['/doctors?specialty=Cardiology', '/doctors?specialty=Cardiology'],
    ['//evil.example', '/'],
    ['https://evil.example/x', '/'],
    ['/\\evil.example', '/'],
    ['/api/logout', '/'],
    ['relative/path', '/'],
    ['/line\nbreak', '/'],
    [undefined, '/'],
    ['', '/'],
    // The doctor page's slot link survives sign-in whole; look-alikes of other origins do not.
    [
      '/book-appointment?doctorId=5d2c&date=2026-11-24&start=2026-11-24T15%3A30%3A00.000Z',
      '/book-appointment?doctorId=5d2c&date=2026-11-24&start=2026-11-24T15%3A30%3A00.000Z',
    ],
    ['/\\evil.example/book-appointment', '/'],
    ['\t//evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['http:/evil.example', '/'],
  ])('%j → %s', (input, expected) => {
    expect(safeReturnPath(input)).toBe(expected);
  });
});

describe('registerRequestSchema', () => {
  it('normalises the e-mail and trims names', () => {
    const parsed = registerRequestSchema.parse({
      email: '  Ana@Example.COM ',
      password: '0123456789',
      firstName: ' Ana ',
      lastName: 'Silva',
      userType: 'doctor',
    });
    expect(parsed).toMatchObject({ email: 'ana@example.com', firstName: 'Ana' });
  });

  it('needs a password of at least 10 characters', () => {
    const result = registerRequestSchema.safeParse({
      email: 'a@b.co',
      password: '123456789',
      firstName: 'A',
      lastName: 'B',
      userType: 'patient',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe('Password must be at least 10 characters');
  });
});
