import { z } from 'zod';
import { APPLICATION_LANGUAGES, EXPERIENCE_RANGES, HOURS_PER_WEEK } from '../constants/lists';
import { PROFILE_SPECIALTIES } from '../constants/specialties';
import { APPLICATION_STATUSES } from '../constants/statuses';
import { DOLLARS_PATTERN } from '../rules/money';
import { MAX_APPLICATION_FEE_DOLLARS } from '../constants/platform';
import { safeString, text } from './text';

const required = (label: string, max = 120, multiline = false) => text(label, { max, min: 1, multiline });

const optionalText = (label: string, max: number, multiline = false) =>
  text(label, { max, multiline, tooLong: `Keep this under ${max} characters` })
    .optional()
    .transform((v) => (v ? v : undefined));

/**
 * The doctor application: the form and `POST /api/doctor-applications` share this schema.
 * The fee is typed as dollars (a number or a decimal string) and is stored in cents by the server.
 */
export const doctorApplicationRequestSchema = z.object({
  firstName: required('First name', 80),
  lastName: required('Last name', 80),
  email: safeString('Email', 254)
    .trim()
    .toLowerCase()
    .min(1, 'Email is required')
    .max(254, 'Email is too long')
    .pipe(z.email({ error: 'Enter a valid email address' })),
  phone: required('Phone', 40).refine((v) => /^[+()\d\s.-]{5,40}$/.test(v), 'Enter a valid phone number'),
  specialty: z.enum(PROFILE_SPECIALTIES, { error: 'Specialty is required' }),
  licenseNumber: required('License number', 60),
  yearsOfExperience: z.enum(EXPERIENCE_RANGES, { error: 'Years of experience is required' }),
  currentPractice: optionalText('Current practice', 200),
  consultationFee: z
    .union([z.number(), safeString('Desired fee', 20).trim()], { error: 'Desired fee is required' })
    .refine((v) => (typeof v === 'number' ? Number.isFinite(v) && v > 0 : DOLLARS_PATTERN.test(v) && Number(v) > 0), {
      error: 'Desired fee must be a number in dollars, e.g. 150 or 149.50',
    })
    .refine((v) => Number(v) <= MAX_APPLICATION_FEE_DOLLARS, {
      error: `Desired fee must be at most $${MAX_APPLICATION_FEE_DOLLARS.toLocaleString('en-US')}`,
    }),
  availableHours: z.enum(HOURS_PER_WEEK).optional(),
  languages: z
    .array(z.enum(APPLICATION_LANGUAGES, { error: 'Pick languages from the list' }))
    .max(10)
    .default([]),
  aboutMe: required('About me', 2000, true),
  whyTelemedicine: optionalText('Why telemedicine', 2000, true),
  hasTelemedicineExperience: z.boolean().default(false),
  agreedToTerms: z.literal(true, { error: 'Please agree to the terms and conditions' }),
});
export type DoctorApplicationRequest = z.input<typeof doctorApplicationRequestSchema>;
export type DoctorApplicationInput = z.output<typeof doctorApplicationRequestSchema>;

export const doctorApplicationReplySchema = z.object({
  id: z.uuid(),
  status: z.enum(APPLICATION_STATUSES),
  createdAt: z.string(),
});
export type DoctorApplicationReply = z.infer<typeof doctorApplicationReplySchema>;
