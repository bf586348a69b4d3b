import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, DOLLARS_PATTERN } from './money';

describe('money', () => {
  it('turns dollar strings into cents without floating point', () => {
    expect(dollarsToCents('150')).toBe(15000);
    expect(dollarsToCents('149.5')).toBe(14950);
    expect(dollarsToCents('149.99')).toBe(14999);
    expect(dollarsToCents('0.07')).toBe(7);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(99.995)).toBe(10000);
  });

  it('accepts at most two decimals', () => {
    expect(DOLLARS_PATTERN.test('12.345')).toBe(false);
    expect(DOLLARS_PATTERN.test('-5')).toBe(false);
    expect(DOLLARS_PATTERN.test('1e3')).toBe(false);
    expect(DOLLARS_PATTERN.test('12.30')).toBe(true);
  });

  it('shows cents as a two-decimal string for the form', () => {
    expect(centsToDollars(14950)).toBe('149.50');
    expect(centsToDollars(null)).toBe('');
  });
});
