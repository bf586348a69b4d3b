/** The patient profile's fixed lists; the form, the zod schema and the database CHECKs read these. */
export const GENDERS = ['male', 'female', 'other', 'prefer-not-to-say'] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_LABEL: Record<Gender, string> = {
  male: 'Male',
  female: 'Female',
  other: 'Other',
  'prefer-not-to-say': 'Prefer not to say',
};

export const EMERGENCY_RELATIONS = ['spouse', 'parent', 'child', 'sibling', 'friend', 'other'] as const;
export type EmergencyRelation = (typeof EMERGENCY_RELATIONS)[number];
export const EMERGENCY_RELATION_LABEL: Record<EmergencyRelation, string> = {
  spouse: 'Spouse',
  parent: 'Parent',
  child: 'Child',
  sibling: 'Sibling',
  friend: 'Friend',
  other: 'Other',
};

export { DEFAULT_PATIENT_LANGUAGE, PATIENT_LANGUAGES, type PatientLanguage } from './lists';

/** The privacy policy's minimum age for an account of one's own. */
export const MINIMUM_PATIENT_AGE = 13;
export const EARLIEST_BIRTH_YEAR = 1900;
