import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../constants/countries';
import { EMERGENCY_NUMBERS, emergencyNumbersFor } from './numbers';

describe('the emergency numbers table', () => {
  it('has the numbers of every country Medora lists but the two it could not confirm', () => {
    // Those two get the generic advice (see numbers.ts); a new country must bring its numbers.
    const missing = COUNTRIES.filter((country) => !emergencyNumbersFor(country));
    expect(missing).toEqual(['Papua New Guinea', 'Tanzania']);
  });

  it('names each country once, by a real region code, with at least one dialable number', () => {
    const english = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    const names = new Set<string>();
    for (const [code, row] of EMERGENCY_NUMBERS) {
      expect(row.code).toBe(code);
      expect(english.of(code), code).toBeTruthy();
      expect(names.has(row.country), row.country).toBe(false);
      names.add(row.country);
      expect(row.emergency.length, code).toBeGreaterThan(0);
      for (const number of [...row.emergency, ...(row.crisis ?? [])]) expect(number, code).toMatch(/^[\d][\d -]*\d$/);
    }
  });

  it('finds a country by its code or its English name, whatever the case', () => {
    expect(emergencyNumbersFor('EG')?.emergency).toEqual(['123']);
    expect(emergencyNumbersFor('eg')?.country).toBe('Egypt');
    expect(emergencyNumbersFor(' egypt ')?.code).toBe('EG');
    expect(emergencyNumbersFor('Spain')).toMatchObject({ emergency: ['112'], crisis: ['024'] });
    expect(emergencyNumbersFor('United States')).toMatchObject({ emergency: ['911'], crisis: ['988'] });
    expect(emergencyNumbersFor('Japan')?.emergency).toEqual(['119']);
    expect(emergencyNumbersFor('Australia')?.emergency[0]).toBe('000');
  });

  it('knows nothing of what it does not list', () => {
    for (const unknown of ['', '  ', 'ZZ', 'Atlantis', null, undefined])
      expect(emergencyNumbersFor(unknown)).toBeUndefined();
  });
});
