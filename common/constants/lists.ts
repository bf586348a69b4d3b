export const PROFILE_LANGUAGES = [
  'English',
  'Spanish',
  'French',
  'German',
  'Italian',
  'Portuguese',
  'Mandarin',
  'Arabic',
  'Hindi',
  'Japanese',
  'Russian',
  'Urdu',
  'Swahili',
] as const;

export const APPLICATION_LANGUAGES = [
  'English',
  'Spanish',
  'French',
  'German',
  'Italian',
  'Portuguese',
  'Mandarin',
  'Arabic',
  'Hindi',
  'Japanese',
] as const;

export const PATIENT_LANGUAGES = [
  'English',
  'Spanish',
  'French',
  'German',
  'Italian',
  'Portuguese',
  'Mandarin',
  'Arabic',
  'Hindi',
] as const;

export type PatientLanguage = (typeof PATIENT_LANGUAGES)[number];

export const DEFAULT_PATIENT_LANGUAGE: PatientLanguage = 'English';

export const INSURERS = [
  'Aetna',
  'Blue Cross Blue Shield',
  'Cigna',
  'UnitedHealthcare',
  'Humana',
  'Kaiser Permanente',
  'Medicare',
  'Medicaid',
  'Bupa',
  'AXA',
] as const;

export const PAYMENT_OPTIONS = [
  'Credit Card',
  'Debit Card',
  'HSA',
  'FSA',
  'PayPal',
  'Apple Pay',
  'Google Pay',
  'Bank Transfer',
  'Cash',
  'Insurance Billing',
] as const;

export const EXPERIENCE_RANGES = ['1-5', '6-10', '11-15', '16-20', '20+'] as const;

export type ExperienceRange = (typeof EXPERIENCE_RANGES)[number];

export const HOURS_PER_WEEK = ['5-10', '11-20', '21-30', '31-40', '40+'] as const;

export type HoursPerWeek = (typeof HOURS_PER_WEEK)[number];

export const GENDERS = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
  { value: 'other', label: 'Other' },
  { value: 'prefer-not-to-say', label: 'Prefer not to say' },
] as const;

export type Gender = (typeof GENDERS)[number]['value'];

export const EMERGENCY_RELATIONS = ['spouse', 'parent', 'child', 'sibling', 'friend', 'other'] as const;

export type EmergencyRelation = (typeof EMERGENCY_RELATIONS)[number];

export const TIME_SLOTS = [
  '09:00 AM',
  '09:30 AM',
  '10:00 AM',
  '10:30 AM',
  '11:00 AM',
  '11:30 AM',
  '12:00 PM',
  '12:30 PM',
  '01:00 PM',
  '01:30 PM',
  '02:00 PM',
  '02:30 PM',
  '03:00 PM',
  '03:30 PM',
  '04:00 PM',
  '04:30 PM',
  '05:00 PM',
  '05:30 PM',
] as const;

export type TimeSlot = (typeof TIME_SLOTS)[number];
