import { eq } from 'drizzle-orm';
import type { DoctorProfile } from '@common/schemas/doctor-profile';
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
