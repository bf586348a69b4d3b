import { z } from 'zod';
import { pageLimit } from './page-limit';
import { AVAILABILITY_WINDOW_VALUES, DEFAULT_PAGE_SIZE, DOCTOR_SORTS, MAX_PAGE_SIZE } from '../constants/doctor-search';
import { isValidTimeZone } from '../rules/zoned-time';
import { SPECIALTY_POPULARITIES } from '../constants/specialties';
import { safeString, text as checkedText } from './text';
import { dollarsToCents } from '../rules/money';

export { DOCTOR_SORTS, NEXT_CURSOR_HEADER, type DoctorSort } from '../constants/doctor-search';

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

export const doctorIdParamsSchema = z.object({
  id: z.uuid({ error: 'Doctor id must be a UUID' }),
});

const text = (label: string, max = 100) =>
  checkedText(label, { max })
    .optional()
    .transform((v) => (v ? v : undefined));

/** Fee bounds are dollars, as the screens offer them ($50-100 … max 1000); decimals allowed. */
const dollars = (label: string) =>
  safeString(label, 20)
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined;
      const n = Number(v);
      if (!/^\d+(\.\d{1,2})?$/.test(v) || !Number.isFinite(n) || n > 1_000_000) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a dollar amount like 150 or 99.50` });
        return z.NEVER;
      }
      return dollarsToCents(v);
    });

export const doctorSearchQuerySchema = z
  .object({
    specialty: text('Specialty'),
    location: text('Location'),
    country: text('Country'),
    /** A language the doctor speaks, by its English name (the filter's options list them). */
    language: text('Language', 40),
    q: text('Search text'),
    minFee: dollars('Minimum fee'),
    maxFee: dollars('Maximum fee'),
    sort: z.enum(DOCTOR_SORTS, { error: `Sort must be one of ${DOCTOR_SORTS.join(', ')}` }).default('rating'),
    limit: pageLimit(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
    cursor: safeString('Cursor', 200).optional(),
    /** Only doctors with a free slot before the end of the visitor's today, 3rd or 7th day. */
    available: z
      .enum(AVAILABILITY_WINDOW_VALUES, { error: `Available must be one of ${AVAILABILITY_WINDOW_VALUES.join(', ')}` })
      .optional(),
    /** The visitor's IANA zone: "today" and the week of next-available are the visitor's. */
    timeZone: safeString('Time zone', 64)
      .refine(isValidTimeZone, { error: 'Time zone must be an IANA zone such as Europe/London' })
      .default('UTC'),
  })
  .refine((q) => q.minFee === undefined || q.maxFee === undefined || q.minFee <= q.maxFee, {
    message: 'Minimum fee must not exceed maximum fee',
    path: ['minFee'],
  });
export type DoctorSearchQuery = z.infer<typeof doctorSearchQuerySchema>;

export const featuredQuerySchema = z.object({
  limit: pageLimit(MAX_PAGE_SIZE, 8),
});

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
export const doctorReviewsQuerySchema = z.object({
  limit: pageLimit(MAX_PAGE_SIZE, REVIEW_PAGE_SIZE),
  cursor: safeString('Cursor', 200).optional(),
});

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
