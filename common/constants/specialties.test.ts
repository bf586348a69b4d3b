import { describe, expect, it } from 'vitest';
import {
  FIND_DOCTOR_SPECIALTIES,
  PROFILE_SPECIALTIES,
  QUICK_SEARCH_SPECIALTIES,
  SPECIALTIES,
  SPECIALTY_CATALOG,
  findCatalogSpecialty,
} from './specialties';

const offeredByDoctors = new Set<string>(PROFILE_SPECIALTIES);

describe('one specialty table', () => {
  it('lets a doctor choose every specialty a patient can pay for or a doctor can apply for', () => {
    const payable = SPECIALTY_CATALOG.map((s) => s.name);
    expect(payable.filter((name) => !offeredByDoctors.has(name))).toEqual([]);
  });

  it('only filters by specialties a doctor can have', () => {
    expect(FIND_DOCTOR_SPECIALTIES.filter((name) => !offeredByDoctors.has(name))).toEqual([]);
    expect(QUICK_SEARCH_SPECIALTIES.filter((name) => !offeredByDoctors.has(name))).toEqual([]);
  });

  it('names each specialty once, and numbers the ordered screens without gaps', () => {
    const names = SPECIALTIES.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    const places = SPECIALTIES.map((s) => (s as { quickSearch?: number }).quickSearch)
      .filter((place) => place !== undefined)
      .sort((a, b) => a - b);
    expect(places).toEqual(QUICK_SEARCH_SPECIALTIES.map((_, i) => i + 1));
  });

  it('keeps the screens’ own lists as the product gives them', () => {
    expect(SPECIALTY_CATALOG).toHaveLength(24);
    expect(FIND_DOCTOR_SPECIALTIES).toEqual([
      'Cardiology',
      'Dermatology',
      'Endocrinology',
      'Family Medicine',
      'Gastroenterology',
      'General Practice',
      'Internal Medicine',
      'Neurology',
      'Obstetrics & Gynecology',
      'Oncology',
      'Orthopedics',
      'Pediatrics',
      'Psychiatry',
      'Pulmonology',
    ]);
    expect(QUICK_SEARCH_SPECIALTIES).toEqual([
      'Cardiology',
      'Dermatology',
      'Neurology',
      'Pediatrics',
      'Psychiatry',
      'Orthopedics',
      'Internal Medicine',
      'Family Medicine',
    ]);
    // The builder and the application offer every specialty (issue 40), the specialties page 24 of them.
    expect(PROFILE_SPECIALTIES).toHaveLength(26);
    for (const s of SPECIALTY_CATALOG) {
      expect(s.avgConsultationFee).toBeGreaterThanOrEqual(90);
      expect(s.avgConsultationFee).toBeLessThanOrEqual(220);
    }
  });

  it('finds a catalog specialty in any letter case, and nothing for one that cannot be paid for', () => {
    expect(findCatalogSpecialty(' geriatrics ')?.name).toBe('Geriatrics');
    expect(findCatalogSpecialty('Surgery')).toBeUndefined();
    expect(findCatalogSpecialty('Astrology')).toBeUndefined();
  });
});
