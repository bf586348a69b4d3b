import { describe, expect, it } from 'vitest';
import { addChip, completenessOf, draftFrom, removeChipAt, requestFrom } from './draft';

describe('profile builder draft', () => {
  it('adds chips only when non-blank after trimming and not present', () => {
    expect(addChip(['English'], '  French ')).toEqual(['English', 'French']);
    expect(addChip(['English'], '   ')).toEqual(['English']);
    expect(addChip(['English'], ' English')).toEqual(['English']);
  });

  it('removes a chip by its position', () => {
    expect(removeChipAt(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
  });

  it('scores an empty draft 0 and a photo alone 4 %', () => {
    const empty = { ...draftFrom(null), timeZone: 'UTC' };
    expect(completenessOf(empty, null)).toBe(0);
    expect(completenessOf(empty, '/api/doctors/photos/x')).toBe(4);
  });

  it('sends years as numbers and keeps fees as the typed dollars', () => {
    const draft = { ...draftFrom(null), experience: '12', practiceYears: '', consultationFee: '149.50' };
    expect(requestFrom(draft, 8)).toMatchObject({
      experience: 12,
      practiceYears: null,
      consultationFee: '149.50',
      profileCompleteness: 8,
    });
  });
});
