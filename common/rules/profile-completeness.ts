/**
 * Profile completeness: required single values and the two lists score 1,
 * the optional residency, website and photo 0.5 each. We divide by the maximum points (12.5)
 * rather than the field count, so a complete profile reaches 100 %
 * (docs/decisions/003-profile-completeness.md).
 */
export type CompletenessInput = {
  specialty?: string | null;
  location?: string | null;
  country?: string | null;
  about?: string | null;
  education?: string | null;
  medicalSchool?: string | null;
  licenseNumber?: string | null;
  experience?: number | string | null;
  consultationFee?: number | string | null;
  languages?: readonly string[] | null;
  certifications?: readonly string[] | null;
  residency?: string | null;
  website?: string | null;
  profileImageUrl?: string | null;
};

const REQUIRED = [
  'specialty',
  'location',
  'country',
  'about',
  'education',
  'medicalSchool',
  'licenseNumber',
  'experience',
  'consultationFee',
] as const;
const LISTS = ['languages', 'certifications'] as const;
const OPTIONAL = ['residency', 'website', 'profileImageUrl'] as const;
const OPTIONAL_WEIGHT = 0.5;

export const MAX_COMPLETENESS_POINTS = REQUIRED.length + LISTS.length + OPTIONAL.length * OPTIONAL_WEIGHT;
export const PUBLISH_THRESHOLD = 70;

const filled = (value: unknown) => {
  if (value === null || value === undefined) return false;
  if (typeof value === 'number') return Number.isFinite(value);
  return String(value).trim().length > 0;
};

export function profileCompleteness(profile: CompletenessInput): number {
  let points = 0;
  for (const key of REQUIRED) if (filled(profile[key])) points += 1;
  for (const key of LISTS) if ((profile[key]?.length ?? 0) > 0) points += 1;
  for (const key of OPTIONAL) if (filled(profile[key])) points += OPTIONAL_WEIGHT;
  return Math.round((100 * points) / MAX_COMPLETENESS_POINTS);
}
