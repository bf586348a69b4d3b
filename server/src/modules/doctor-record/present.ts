import { eq } from 'drizzle-orm';
import {
  CREDENTIAL_FIELDS,
  type CredentialChange,
  type DoctorProfile,
  type MyDoctorProfile,
} from '@common/schemas/doctor-profile';
import type { Db } from '../../db/client';
import { type doctors, users } from '../../db/schema';

type DoctorRow = typeof doctors.$inferSelect;
type UserRow = typeof users.$inferSelect;

/** A doctor's profile as every route answers it: the doctor's row with the account's name and photo. */
export function presentDoctorProfile(
  doctor: DoctorRow,
  user: Pick<UserRow, 'firstName' | 'lastName' | 'profileImageUrl'>,
): DoctorProfile {
  return {
    id: doctor.id,
    userId: doctor.userId,
    user: { firstName: user.firstName, lastName: user.lastName, profileImageUrl: user.profileImageUrl },
    specialty: doctor.specialty,
    secondarySpecialties: doctor.secondarySpecialties,
    location: doctor.location,
    country: doctor.country,
    timeZone: doctor.timeZone,
    consultationFee: doctor.consultationFee,
    videoCallFee: doctor.videoCallFee,
    phoneCallFee: doctor.phoneCallFee,
    inPersonFee: doctor.inPersonFee,
    averageRating: doctor.averageRating,
    reviewCount: doctor.reviewCount,
    isVerified: doctor.isVerified,
    isActive: doctor.isActive,
    profileStatus: doctor.profileStatus,
    languages: doctor.languages,
    experience: doctor.experience,
    about: doctor.about,
    education: doctor.education,
    medicalSchool: doctor.medicalSchool,
    licenseNumber: doctor.licenseNumber,
    residency: doctor.residency,
    website: doctor.website,
    linkedinProfile: doctor.linkedinProfile,
    officeAddress: doctor.officeAddress,
    profileImageUrl: doctor.profileImageUrl,
    fellowships: doctor.fellowships,
    certifications: doctor.certifications,
    researchInterests: doctor.researchInterests,
    insuranceAccepted: doctor.insuranceAccepted,
    paymentOptions: doctor.paymentOptions,
    practiceYears: doctor.practiceYears,
    availableFrom: doctor.availableFrom,
    availableTo: doctor.availableTo,
    profileCompleteness: doctor.profileCompleteness,
  };
}

/** The profile of a doctor row, reading the account's name and photo. */
export async function profileOf(db: Db, doctor: DoctorRow): Promise<DoctorProfile> {
  const [user] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, profileImageUrl: users.profileImageUrl })
    .from(users)
    .where(eq(users.id, doctor.userId));
  return presentDoctorProfile(doctor, user);
}

/** The credentials waiting for review, each beside the verified value patients still see. */
export function credentialChangesOf(doctor: DoctorRow): CredentialChange[] {
  const pending = doctor.pendingCredentials ?? {};
  return CREDENTIAL_FIELDS.filter((field) => field in pending).map((field) => ({
    field,
    before: doctor[field],
    after: pending[field] ?? null,
  }));
}

/** The doctor's own profile: their new credentials in place, and the list of those awaiting review. */
export async function myProfileOf(db: Db, doctor: DoctorRow): Promise<MyDoctorProfile> {
  const profile = await profileOf(db, doctor);
  const credentialChanges = credentialChangesOf(doctor);
  const pending = Object.fromEntries(credentialChanges.map((c) => [c.field, c.after]));
  return { ...profile, ...pending, credentialChanges } as MyDoctorProfile;
}
