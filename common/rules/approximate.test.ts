import { describe, expect, it } from 'vitest';
import { approximateCount } from './approximate';

describe('approximateCount', () => {
  it('rounds down to two significant digits with a unit', () => {
    expect(approximateCount(5_598_000_000)).toBe('5.5B+');
    expect(approximateCount(3_999_999_999)).toBe('3.9B+');
    expect(approximateCount(1_600_000_000)).toBe('1.6B+');
    expect(approximateCount(52_900_000)).toBe('52M+');
    expect(approximateCount(777_123_456)).toBe('770M+');
    expect(approximateCount(7_098_868)).toBe('7M+');
    expect(approximateCount(7_198_868)).toBe('7.1M+');
    expect(approximateCount(12_345)).toBe('12K+');
    expect(approximateCount(948)).toBe('940+');
    expect(approximateCount(10)).toBe('10+');
    expect(approximateCount(4_300_000_000)).toBe('4.3B+');
  });

  it('shows small and empty figures as they are', () => {
    expect(approximateCount(0)).toBe('0');
    expect(approximateCount(7)).toBe('7');
    expect(approximateCount(-3)).toBe('0');
  });
});
