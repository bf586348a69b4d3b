import { describe, expect, it } from 'vitest';
import { SPECIALTY_CATALOG } from '@common/constants/specialties';
import { filterSpecialties } from './specialties-page';

describe('specialties search', () => {
  it('lists all 24 when blank and matches name or description, any case', () => {
    expect(filterSpecialties(SPECIALTY_CATALOG, '  ')).toHaveLength(24);
    expect(filterSpecialties(SPECIALTY_CATALOG, 'CARDIO').map((s) => s.name)).toEqual(['Cardiology']);
    expect(filterSpecialties(SPECIALTY_CATALOG, 'skin').map((s) => s.name)).toContain('Dermatology');
    expect(filterSpecialties(SPECIALTY_CATALOG, 'zzz')).toEqual([]);
  });
});
