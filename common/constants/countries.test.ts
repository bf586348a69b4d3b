import { describe, expect, it } from 'vitest';
import { COUNTRIES, COUNTRY_CATALOG, defaultTimeZone, zoneOf } from './countries';

describe('the country catalogue', () => {
  it('names each country once, by a name CLDR knows, with a real IANA zone', () => {
    expect(new Set(COUNTRIES).size).toBe(COUNTRIES.length);
    const regions = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    const english = new Set<string>();
    for (const a of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ')
      for (const b of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') english.add(regions.of(`${a}${b}`) ?? '');
    // CLDR says "Türkiye"; the directory keeps the name its doctors use (names.ts maps it).
    expect(COUNTRIES.filter((name) => !english.has(name))).toEqual(['Turkey']);
    for (const { timeZone } of COUNTRY_CATALOG) expect(() => new Intl.DateTimeFormat('en', { timeZone })).not.toThrow();
    // Each code is the one CLDR names the country by (Turkey's is Türkiye's, TR).
    for (const { name, code } of COUNTRY_CATALOG)
      expect(name === 'Turkey' ? 'TR' : regions.of(code), name).toBe(name === 'Turkey' ? code : name);
  });

  it('starts a profile in the country’s most populous zone, and knows no zone for a country it does not list', () => {
    expect(defaultTimeZone('United States')).toBe('America/New_York');
    expect(zoneOf('Australia')).toBe('Australia/Sydney');
    expect(defaultTimeZone('Atlantis')).toBeUndefined();
  });
});
