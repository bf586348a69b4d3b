import { describe, expect, it } from 'vitest';
import { apiSearchQuery, EMPTY_SEARCH, parsePriceRange } from './doctor-search-query';

describe('doctor search API query', () => {
  it('turns price ranges into dollar bounds and ignores malformed ones', () => {
    expect(parsePriceRange('100-200')).toEqual({ minFee: '100', maxFee: '200' });
    expect(parsePriceRange('0-500')).toEqual({ maxFee: '500' });
    expect(parsePriceRange('500-9999')).toEqual({ minFee: '500', maxFee: '9999' });
    expect(parsePriceRange('200-100')).toEqual({});
    expect(parsePriceRange('cheap')).toEqual({});
  });

  it('builds the API query with fees, sort, page size and cursor', () => {
    const query = apiSearchQuery({ ...EMPTY_SEARCH, q: ' lagos ', priceRange: '50-100' }, 'abc', 12, 'UTC');
    expect(query).toBe('q=lagos&minFee=50&maxFee=100&sort=rating&timeZone=UTC&limit=12&cursor=abc');
  });

  it("sends the availability window and the visitor's zone", () => {
    const search = { ...EMPTY_SEARCH, available: 'week' as const, sort: 'soonest' as const };
    expect(apiSearchQuery(search, undefined, 12, 'America/New_York')).toBe(
      'available=week&sort=soonest&timeZone=America%2FNew_York&limit=12',
    );
  });

  it("defaults to the browser's own zone", () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(new URLSearchParams(apiSearchQuery(EMPTY_SEARCH)).get('timeZone')).toBe(zone);
  });
});
