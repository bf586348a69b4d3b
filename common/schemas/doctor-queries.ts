import { z } from 'zod';
import { pageLimit } from './page-limit';
import { AVAILABILITY_WINDOW_VALUES, DEFAULT_PAGE_SIZE, DOCTOR_SORTS, MAX_PAGE_SIZE } from '../constants/doctor-search';
import { isValidTimeZone } from '../rules/zoned-time';
import { safeString, text as checkedText } from './text';
import { dollarsToCents } from '../rules/money';
import { REVIEW_PAGE_SIZE } from './doctors';

/* What the directory is asked; what it answers is in ./doctors.ts. */

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

export const doctorReviewsQuerySchema = z.object({
  limit: pageLimit(MAX_PAGE_SIZE, REVIEW_PAGE_SIZE),
  cursor: safeString('Cursor', 200).optional(),
});
