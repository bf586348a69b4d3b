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

  it('keeps the availability window and the soonest sort in the URL', () => {
    const search = { ...EMPTY_SEARCH, available: 'today' as const, sort: 'soonest' as const };
    expect(searchToUrl(search).toString()).toBe('available=today&sort=soonest');
    expect(searchFromUrl(new URLSearchParams('available=3days')).available).toBe('3days');
    expect(searchFromUrl(searchToUrl(search))).toEqual(search);
  });

  it('drops an unknown availability window from a shared link', () => {
    expect(searchFromUrl(new URLSearchParams('available=tomorrow')).available).toBe('');
  });

  it('falls back to the rating sort for an unknown sort in a shared link', () => {
    expect(searchFromUrl(new URLSearchParams('sort=nope')).sort).toBe('rating');
  });
});
