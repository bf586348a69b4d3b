import { describe, expect, it } from 'vitest';
import { ageOn } from './age';

describe('ageOn', () => {
  it('counts completed years, turning a year older on the birthday itself', () => {
    expect(ageOn('2010-06-15', '2026-06-14')).toBe(15);
    expect(ageOn('2010-06-15', '2026-06-15')).toBe(16);
    expect(ageOn('2010-06-15', '2026-12-31')).toBe(16);
    expect(ageOn('2010-12-31', '2027-01-01')).toBe(16);
  });

  it('lets someone born on 29 February turn a year older on 1 March in a common year', () => {
    expect(ageOn('2008-02-29', '2024-02-28')).toBe(15);
    expect(ageOn('2008-02-29', '2024-02-29')).toBe(16);
    expect(ageOn('2009-02-28', '2025-02-28')).toBe(16);
    expect(ageOn('2008-02-29', '2025-02-28')).toBe(16);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2027-03-01')).toBe(19);
  });
});
