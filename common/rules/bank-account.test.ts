import { describe, expect, it } from 'vitest';
import {
  holderNameProblem,
  IBAN_LENGTHS,
  ibanProblem,
  lastFour,
  routingNumberProblem,
  usAccountNumberProblem,
} from './bank-account';

describe('ibanProblem', () => {
  it('accepts valid IBANs of several countries, spaced or not, any case', () => {
    for (const iban of [
      'DE89 3704 0044 0532 0130 00',
      'GB82 WEST 1234 5698 7654 32',
      'fr1420041010050500013m02606',
      'NL91ABNA0417164300',
      'NO9386011117947',
      'BE68 5390 0754 7034',
    ])
      expect(ibanProblem(iban), iban).toBeNull();
  });

  it('refuses a mistyped character (mod 97), a wrong length, an unknown country and junk', () => {
    expect(ibanProblem('DE89 3704 0044 0532 0130 01')).toMatch(/not valid/);
    expect(ibanProblem('DE89 3704 0044 0532 0130')).toBe('A DE IBAN has 22 characters; this one has 20');
    expect(ibanProblem('ZZ89 3704 0044 0532 0130 00')).toMatch(/country code/);
    expect(ibanProblem('DEXX 3704 0044 0532 0130 00')).toMatch(/must be digits/);
    expect(ibanProblem('DE89 3704 0044 0532 0130 0!')).toMatch(/only letters and digits/);
    expect(ibanProblem('')).toBe('Enter your IBAN');
  });

  it('knows the common lengths', () => {
    expect(IBAN_LENGTHS).toMatchObject({ DE: 22, GB: 22, FR: 27, NO: 15, MT: 31 });
  });
});

describe('US accounts', () => {
  it('checks the routing number’s weighted checksum', () => {
    expect(routingNumberProblem('021000021')).toBeNull();
    expect(routingNumberProblem('011000015')).toBeNull();
    expect(routingNumberProblem('021000022')).toMatch(/not valid/);
    expect(routingNumberProblem('02100002')).toBe('A routing number has nine digits');
  });

  it('takes 4 to 17 digits as the account number', () => {
    expect(usAccountNumberProblem('000123456789')).toBeNull();
    expect(usAccountNumberProblem('123')).toMatch(/4 to 17/);
    expect(usAccountNumberProblem('1'.repeat(18))).toMatch(/4 to 17/);
  });
});

describe('holder and display', () => {
  it('takes names as people write them and refuses the rest', () => {
    expect(holderNameProblem('Anna-Lena Müller')).toBeNull();
    expect(holderNameProblem("O'Brien & Partners Ltd.")).toBeNull();
    expect(holderNameProblem(' ')).toMatch(/holder/);
    expect(holderNameProblem('<script>')).toMatch(/letters/);
  });

  it('shows only the last four characters', () => {
    expect(lastFour('DE89 3704 0044 0532 0130 00')).toBe('3000');
  });
});
