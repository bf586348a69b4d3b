import { describe, expect, it } from 'vitest';
import { filterChoices } from './doctor-filters';

describe('filterChoices', () => {
  it('offers each value listed doctors have, with its count', () => {
    expect(
      filterChoices(
        [
          { value: 'Cardiology', count: 12 },
          { value: 'Sleep Medicine', count: 1 },
        ],
        '',
      ),
    ).toEqual([
      { value: 'Cardiology', label: 'Cardiology (12)' },
      { value: 'Sleep Medicine', label: 'Sleep Medicine (1)' },
    ]);
  });

  it('keeps a chosen value no listed doctor has any more, counted as 0, so the choice stays visible', () => {
    expect(filterChoices([{ value: 'Cardiology', count: 2 }], 'Tropical Medicine')).toEqual([
      { value: 'Tropical Medicine', label: 'Tropical Medicine (0)' },
      { value: 'Cardiology', label: 'Cardiology (2)' },
    ]);
    expect(filterChoices(undefined, 'Cardiology')).toEqual([{ value: 'Cardiology', label: 'Cardiology' }]);
  });
});
