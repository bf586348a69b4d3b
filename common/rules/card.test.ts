import { describe, expect, it } from 'vitest';
import { cardErrors, expiryValid, formatCardNumber, luhnValid, parseExpiry } from './card';

describe('luhnValid', () => {
  it('accepts the test cards, with or without spaces', () => {
    expect(luhnValid('4242 4242 4242 4242')).toBe(true);
    expect(luhnValid('4000000000000002')).toBe(true);
    expect(luhnValid('4000-0000-0000-9995')).toBe(true);
  });
  it('rejects a wrong check digit, letters and short numbers', () => {
    expect(luhnValid('4242 4242 4242 4241')).toBe(false);
    expect(luhnValid('4242 4242 4242 424a')).toBe(false);
    expect(luhnValid('42')).toBe(false);
  });
});

describe('expiry', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  it('parses MM/YY and MM/YYYY', () => {
    expect(parseExpiry('04/29')).toEqual({ month: 4, year: 2029 });
    expect(parseExpiry('4 / 2029')).toEqual({ month: 4, year: 2029 });
    expect(parseExpiry('13/29')).toBeNull();
    expect(parseExpiry('0429')).toBeNull();
  });
  it('is good through the end of the expiry month', () => {
    expect(expiryValid(11, 2026, now)).toBe(true);
    expect(expiryValid(10, 2026, now)).toBe(false);
    expect(expiryValid(1, 2060, now)).toBe(false);
  });
});

describe('cardErrors', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  it('is empty for a good card', () => {
    expect(cardErrors({ number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', postcode: '10001' }, now)).toEqual(
      {},
    );
  });
  it('names each bad field', () => {
    const errors = cardErrors({ number: '4242 4242 4242 4241', expiry: '01/20', cvc: '1', postcode: ' ' }, now);
    expect(Object.keys(errors).sort()).toEqual(['cvc', 'expiry', 'number', 'postcode']);
    expect(errors.expiry).toMatch(/past/);
  });
  it('formats the number in groups of four', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
  });
});
