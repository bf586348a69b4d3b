import type { DoctorProfile, DoctorProfileRequest } from '@common/schemas/doctor-profile';
import { centsToDollars } from '@common/rules/money';
import { profileCompleteness } from '@common/rules/profile-completeness';

/** The builder's working copy: what the inputs hold, before it becomes a profile request. */
export type Draft = {
  specialty: string;
  experience: string;
  location: string;
  country: string;
  timeZone: string;
  about: string;
  languages: string[];
  education: string;
  medicalSchool: string;
  residency: string;
  licenseNumber: string;
  certifications: string[];
  fellowships: string[];
  officeAddress: string;
  website: string;
  linkedinProfile: string;
  researchInterests: string[];
  insuranceAccepted: string[];
  paymentOptions: string[];
  consultationFee: string;
  phoneCallFee: string;
  inPersonFee: string;
  practiceYears: string;
};

export type ListField =
  | 'languages'
  | 'certifications'
  | 'fellowships'
  | 'researchInterests'
  | 'insuranceAccepted'
  | 'paymentOptions';

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export function draftFrom(profile: DoctorProfile | null | undefined): Draft {
  const p = profile;
  return {
    specialty: p?.specialty ?? '',
    experience: p?.experience?.toString() ?? '',
    location: p?.location ?? '',
    country: p?.country ?? '',
    timeZone: p?.timeZone && p.timeZone !== 'UTC' ? p.timeZone : browserZone(),
    about: p?.about ?? '',
    languages: p?.languages ?? [],
    education: p?.education ?? '',
    medicalSchool: p?.medicalSchool ?? '',
    residency: p?.residency ?? '',
    licenseNumber: p?.licenseNumber ?? '',
    certifications: p?.certifications ?? [],
    fellowships: p?.fellowships ?? [],
    officeAddress: p?.officeAddress ?? '',
    website: p?.website ?? '',
    linkedinProfile: p?.linkedinProfile ?? '',
    researchInterests: p?.researchInterests ?? [],
    insuranceAccepted: p?.insuranceAccepted ?? [],
    paymentOptions: p?.paymentOptions ?? [],
    consultationFee: p?.consultationFee ? centsToDollars(p.consultationFee) : '',
    phoneCallFee: centsToDollars(p?.phoneCallFee),
    inPersonFee: centsToDollars(p?.inPersonFee),
    practiceYears: p?.practiceYears?.toString() ?? '',
  };
}

const years = (v: string) => (v.trim() === '' ? null : Number(v));

/**
 * What `PUT /api/doctors/profile` receives; the completeness sent is informational only. The
 * weekly hours go to their own endpoint, so the old single hours pair is never sent.
 */
export function requestFrom(draft: Draft, completeness: number): DoctorProfileRequest {
  return {
    ...draft,
    specialty: draft.specialty as DoctorProfileRequest['specialty'],
    experience: years(draft.experience),
    practiceYears: years(draft.practiceYears),
    profileCompleteness: completeness,
  };
}

/** The same scoring the server applies (common/rules/profile-completeness). */
export const completenessOf = (draft: Draft, photo: string | null | undefined) =>
  profileCompleteness({ ...draft, profileImageUrl: photo });

/** A list entry is added only if non-empty after trimming and not already present. */
export function addChip(list: string[], value: string): string[] {
  const item = value.trim();
  return item && !list.includes(item) ? [...list, item] : list;
}

/** Removal is by position, so two similar entries never remove each other. */
export const removeChipAt = (list: string[], index: number) => list.filter((_, i) => i !== index);
