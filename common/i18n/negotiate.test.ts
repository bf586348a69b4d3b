import { describe, expect, it } from 'vitest';
import { fromAcceptLanguage, languageOf, resolveLanguage } from './negotiate';

describe('choosing the language', () => {
  it('reads an Accept-Language header by its weights', () => {
    expect(fromAcceptLanguage('es-MX,es;q=0.9,en;q=0.8')).toBe('es');
    expect(fromAcceptLanguage('fr-FR,fr;q=0.9,ar;q=0.8,en;q=0.5')).toBe('ar');
    expect(fromAcceptLanguage('en;q=0.2, es;q=0.7')).toBe('es');
    expect(fromAcceptLanguage('AR-eg')).toBe('ar');
  });

  it('finds nothing in a header without a language Medora has, or a broken one', () => {
    for (const header of [
      'fr-FR,de;q=0.9',
      '',
      undefined,
      null,
      ';;;,,',
      'es;q=abc',
      'es;q=0',
      'x'.repeat(5000),
      'es\u0000',
    ])
      expect(fromAcceptLanguage(header as string | undefined), String(header).slice(0, 20)).toBeNull();
  });

  it('the account wins, then the cookie, then the header, then English', () => {
    expect(resolveLanguage({ account: 'ar', cookie: 'es', acceptLanguage: 'en' })).toBe('ar');
    expect(resolveLanguage({ account: null, cookie: 'es', acceptLanguage: 'ar' })).toBe('es');
    expect(resolveLanguage({ account: null, cookie: null, acceptLanguage: 'ar-SA,en;q=0.5' })).toBe('ar');
    expect(resolveLanguage({})).toBe('en');
  });

  it('an unknown code in the account, the cookie or the header is skipped, never an error', () => {
    expect(resolveLanguage({ account: 'xx', cookie: 'klingon', acceptLanguage: 'tlh' })).toBe('en');
    expect(resolveLanguage({ account: 'de', cookie: '<script>', acceptLanguage: 'es' })).toBe('es');
    expect(languageOf('e'.repeat(100))).toBeNull();
    expect(languageOf(undefined)).toBeNull();
  });
});
