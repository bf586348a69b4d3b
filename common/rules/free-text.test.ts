import { describe, expect, it } from 'vitest';
import { parseFreeText, type FreeTextVocabulary } from './free-text';

const vocabulary: FreeTextVocabulary = {
  specialties: ['Cardiology', 'Family Medicine', 'Internal Medicine', 'Neurology'],
  locations: ['Mexico City', 'Singapore', 'London'],
  countries: ['Mexico', 'Singapore', 'United Kingdom', 'Nigeria'],
};

describe('parseFreeText', () => {
  it('reads a text contained in a specialty name as that specialty, case-insensitively', () => {
    expect(parseFreeText('cardio', vocabulary)).toEqual({ kind: 'specialty', specialty: 'Cardiology' });
    expect(parseFreeText('  NEUROLOGY ', vocabulary)).toEqual({ kind: 'specialty', specialty: 'Neurology' });
  });

  it('prefers an exact, then a prefix match among several specialties', () => {
    expect(parseFreeText('medicine', vocabulary)).toEqual({ kind: 'specialty', specialty: 'Family Medicine' });
    expect(parseFreeText('internal', vocabulary)).toEqual({ kind: 'specialty', specialty: 'Internal Medicine' });
  });

  it('reads a known place as the location before trying countries', () => {
    expect(parseFreeText('Singapore', vocabulary)).toEqual({ kind: 'location', location: 'Singapore' });
    expect(parseFreeText('mexico', vocabulary)).toEqual({ kind: 'location', location: 'mexico' });
  });

  it('reads a country name (or part of one) as the country when no place matches', () => {
    expect(parseFreeText('kingdom', vocabulary)).toEqual({ kind: 'country', country: 'United Kingdom' });
    expect(parseFreeText('nigeria', vocabulary)).toEqual({ kind: 'country', country: 'Nigeria' });
  });

  it('falls back to the text as the location filter', () => {
    expect(parseFreeText('Springfield', vocabulary)).toEqual({ kind: 'location', location: 'Springfield' });
    expect(parseFreeText('new   york', vocabulary)).toEqual({ kind: 'location', location: 'new york' });
  });

  it('ignores blank text', () => {
    expect(parseFreeText('   ', vocabulary)).toEqual({ kind: 'none' });
    expect(parseFreeText(undefined, vocabulary)).toEqual({ kind: 'none' });
  });
});
