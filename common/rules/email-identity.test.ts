import { describe, expect, it } from 'vitest';
import { foldEmail } from './email-identity';

describe('foldEmail', () => {
  it('folds case and a +tag to one person', () => {
    expect(foldEmail('  Ana.Ruiz+promo@Example.COM ')).toBe('ana.ruiz@example.com');
    expect(foldEmail('ana.ruiz@example.com')).toBe('ana.ruiz@example.com');
  });
  it('keeps a leading plus and odd addresses as they are, lower-cased', () => {
    expect(foldEmail('+x@example.com')).toBe('+x@example.com');
    expect(foldEmail('NoAt')).toBe('noat');
  });
});
