import { describe, expect, it } from 'vitest';
import { ratingRank } from './rating-rank';

describe('ratingRank', () => {
  it('ranks a hundred 4.9 reviews above one 5.0 review', () => {
    expect(ratingRank(4.9, 100)).toBeGreaterThan(ratingRank(5, 1));
  });

  it('lets many reviews reach their own average and few stay near the prior', () => {
    expect(ratingRank(4.5, 10_000)).toBeCloseTo(4.5, 2);
    expect(ratingRank(1, 1)).toBeGreaterThan(3);
  });

  it('puts doctors without reviews after every rated doctor', () => {
    expect(ratingRank(0, 0)).toBe(0);
    expect(ratingRank(1, 1)).toBeGreaterThan(ratingRank(0, 0));
  });

  it('prefers the higher average between equally reviewed doctors', () => {
    expect(ratingRank(4.8, 20)).toBeGreaterThan(ratingRank(4.7, 20));
  });
});
