import { z } from 'zod';
import { SPECIALTY_POPULARITIES } from '../constants/specialties';

export { DOCTOR_SORTS, NEXT_CURSOR_HEADER, type DoctorSort } from '../constants/doctor-search';

/*
 * What the directory answers. What it is asked (search, reviews' pages) is in ./doctor-queries.ts,
 * which only the server needs: a doctor's page in the browser builds these schemas alone.
 */

/**
 * The public face of a doctor. Fees are integer cents; the client shows them with `formatMoney`
 * from common/rules/fees.ts. `averageRating` is null until the first review (screens show 5.0).
 */
export const publicDoctorSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  user: z.object({
    firstName: z.string(),
    lastName: z.string(),
    profileImageUrl: z.string().nullable(),
  }),
  specialty: z.string(),
  secondarySpecialties: z.array(z.string()),
  location: z.string(),
  country: z.string(),
  /** IANA zone the doctor's slots are expressed in (addition). */
  timeZone: z.string(),
  consultationFee: z.number().int(),
  videoCallFee: z.number().int().nullable(),
  phoneCallFee: z.number().int().nullable(),
  inPersonFee: z.number().int().nullable(),
  averageRating: z.number().nullable(),
  reviewCount: z.number().int(),
  isVerified: z.boolean(),
  isActive: z.boolean(),
  languages: z.array(z.string()),
  experience: z.number().int().nullable(),
  about: z.string().nullable(),
  education: z.string().nullable(),
  medicalSchool: z.string().nullable(),
  licenseNumber: z.string().nullable(),
  residency: z.string().nullable(),
  website: z.string().nullable(),
  /** Addition: where in-person visits happen ("Get Directions"). */
  officeAddress: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  fellowships: z.array(z.string()),
  certifications: z.array(z.string()),
  researchInterests: z.array(z.string()),
  insuranceAccepted: z.array(z.string()),
  paymentOptions: z.array(z.string()),
  profileCompleteness: z.number().int(),
  /**
   * Addition, in search replies only: the start of the doctor's next free slot within the
   * visitor's next NEXT_AVAILABLE_DAYS days, or null when there is none.
   */
  nextAvailableAt: z.string().nullable().optional(),
});
export type PublicDoctor = z.infer<typeof publicDoctorSchema>;
export const publicDoctorListSchema = z.array(publicDoctorSchema);

export const doctorReviewSchema = z.object({
  id: z.uuid(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  /** First name and last initial only: reviews are public. */
  patientName: z.string(),
  createdAt: z.string(),
});
export type DoctorReview = z.infer<typeof doctorReviewSchema>;
export const doctorReviewListSchema = z.array(doctorReviewSchema);

/** Reviews come newest first, a page at a time; the next page's cursor is the X-Next-Cursor header. */
export const REVIEW_PAGE_SIZE = 10;
/** A value the find-doctors filters offer, with how many listed doctors have it. */
export const filterOptionSchema = z.object({ value: z.string(), count: z.number().int() });
export type FilterOption = z.infer<typeof filterOptionSchema>;
/** Every specialty, country and spoken language listed doctors have, from the directory itself. */
export const doctorFiltersSchema = z.object({
  specialties: z.array(filterOptionSchema),
  countries: z.array(filterOptionSchema),
  languages: z.array(filterOptionSchema),
});
export type DoctorFilterOptions = z.infer<typeof doctorFiltersSchema>;

export const specialtySchema = z.object({
  name: z.string(),
  description: z.string(),
  /** Whole dollars, as the catalog and the checkout link (`fee=`) use them. */
  avgConsultationFee: z.number(),
  popularity: z.enum(SPECIALTY_POPULARITIES),
  waitTime: z.string(),
});
export const specialtyListSchema = z.array(specialtySchema);
export type SpecialtyInfo = z.infer<typeof specialtySchema>;
