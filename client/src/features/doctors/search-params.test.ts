import { describe, expect, it } from 'vitest';
import { EMPTY_SEARCH } from '../../lib/doctor-search-query';
import { searchFromUrl, searchToUrl } from './search-params';

describe('find-doctors URL', () => {
  it('round-trips a search through the URL, leaving defaults out', () => {
    const search = { ...EMPTY_SEARCH, specialty: 'Cardiology', priceRange: '100-200', sort: 'price_asc' as const };
    expect(searchToUrl(search).toString()).toBe('specialty=Cardiology&priceRange=100-200&sort=price_asc');
    expect(searchFromUrl(searchToUrl(search))).toEqual(search);
    expect(searchToUrl(EMPTY_SEARCH).toString()).toBe('');
  });

  it('falls back to the rating sort for an unknown sort in a shared link', () => {
    expect(searchFromUrl(new URLSearchParams('sort=nope')).sort).toBe('rating');
  });
});
