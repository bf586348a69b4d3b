import { describe, expect, it } from 'vitest';
import {
  MAX_COMPLETENESS_POINTS,
  profileCompleteness,
  PUBLISH_THRESHOLD,
  type CompletenessInput,
} from './profile-completeness';

// Every expected number below is worked out by hand: percent = round(100 × points / 12.5) = 8 × points.
const required: CompletenessInput = {
  specialty: 'Cardiology',
  location: 'Lagos',
  country: 'Nigeria',
  about: 'Heart health for adults.',
  education: 'MBBS',
  medicalSchool: 'University of Lagos',
  licenseNumber: 'NG-123456',
  experience: 12,
  consultationFee: 15000,
};
const lists: CompletenessInput = { languages: ['English'], certifications: ['FACC'] };
const optional: CompletenessInput = {
  residency: 'Cardiology, LUTH',
  website: 'https://example.com',
  profileImageUrl: '/api/doctors/photos/x',
};

describe('profileCompleteness', () => {
  it('has 12.5 points at most: 9 required + 2 lists + 3 optional × 0.5', () => {
    expect(MAX_COMPLETENESS_POINTS).toBe(12.5);
  });

  it('is 0 for an empty profile', () => {
    expect(profileCompleteness({})).toBe(0);
  });

  it('is 100 for a complete profile (dividing by the field count, 14, would stop at 89)', () => {
    expect(profileCompleteness({ ...required, ...lists, ...optional })).toBe(100);
    expect(Math.round((100 * 12.5) / 14)).toBe(89);
  });

  it('counts the nine required fields as 9 points → 72 %', () => {
    expect(profileCompleteness(required)).toBe(72);
  });

  it('counts required + both lists as 11 points → 88 %', () => {
    expect(profileCompleteness({ ...required, ...lists })).toBe(88);
  });

  it('gives each optional field half a point → 4 % each', () => {
    expect(profileCompleteness({ residency: 'x' })).toBe(4);
    expect(profileCompleteness({ website: 'https://a.b' })).toBe(4);
    expect(profileCompleteness({ profileImageUrl: '/p.png' })).toBe(4);
    expect(profileCompleteness(optional)).toBe(12);
  });

  it('ignores blank text, empty lists, null and NaN', () => {
    expect(
      profileCompleteness({
        specialty: '   ',
        about: '',
        languages: [],
        certifications: null,
        consultationFee: null,
        experience: Number.NaN,
      }),
    ).toBe(0);
  });

  it('counts zero years of experience as filled (1 point → 8 %)', () => {
    expect(profileCompleteness({ experience: 0 })).toBe(8);
  });

  it('puts the publish line between 8.5 points (68 %) and 9 points (72 %)', () => {
    const { consultationFee: _fee, ...eightRequired } = required;
    const below = profileCompleteness({ ...eightRequired, residency: 'x' }); // 8.5 points
    const at = profileCompleteness({ ...eightRequired, languages: ['French'] }); // 9 points
    expect(below).toBe(68);
    expect(at).toBe(72);
    expect(below).toBeLessThan(PUBLISH_THRESHOLD);
    expect(at).toBeGreaterThanOrEqual(PUBLISH_THRESHOLD);
  });

  it('scores 7 required + 2 lists + residency (9.5 points) as 76 %', () => {
    const { about: _a, education: _e, ...seven } = required;
    expect(profileCompleteness({ ...seven, ...lists, residency: 'x' })).toBe(76);
  });
});
