import { z } from 'zod';
import {
  ADMIN_DOCTOR_SORTS,
  ADMIN_PAGE_SIZE_MAX,
  ADMIN_PAYMENT_SORTS,
  ADMIN_USER_SORTS,
  SORT_DIRECTIONS,
} from '../constants/admin';
import { AUDIT_ACTIONS } from '../constants/audit';
import { REPORT_PURCHASE_STATUSES, REPORT_TIERS } from '../constants/outbreak';
import { credentialChangeSchema } from './doctor-profile';
import { APPLICATION_STATUSES, PAYMENT_STATUSES, PAYOUT_STATUSES } from '../constants/statuses';
import { USER_TYPES } from '../constants/user-types';
import { safeString, text } from './text';

const page = z.coerce
  .number()
  .int('page must be a whole number')
  .min(1, 'page must be 1 or more')
  .max(10_000, 'page is too large')
  .default(1);
const pageSize = z.coerce
  .number()
  .int('pageSize must be a whole number')
  .min(1, `pageSize must be 1 to ${ADMIN_PAGE_SIZE_MAX}`)
  .max(ADMIN_PAGE_SIZE_MAX, `pageSize must be 1 to ${ADMIN_PAGE_SIZE_MAX}`)
  .default(20);
const search = text('Search', { max: 100 }).optional();
const dir = z.enum(SORT_DIRECTIONS, { error: 'dir must be asc or desc' }).optional();

export const adminUserQuerySchema = z.object({
  page,
  pageSize,
  q: search,
  userType: z.enum(USER_TYPES, { error: 'Unknown user type' }).optional(),
  sort: z.enum(ADMIN_USER_SORTS, { error: 'Unknown sort' }).default('createdAt'),
  dir,
});
export type AdminUserQuery = z.output<typeof adminUserQuerySchema>;

export const adminDoctorQuerySchema = z.object({
  page,
  pageSize,
  q: search,
  sort: z.enum(ADMIN_DOCTOR_SORTS, { error: 'Unknown sort' }).default('createdAt'),
  dir,
});
export type AdminDoctorQuery = z.output<typeof adminDoctorQuerySchema>;

export const adminPaymentQuerySchema = z.object({
  page,
  pageSize,
  q: search,
  status: z.enum(PAYMENT_STATUSES, { error: 'Unknown payment status' }).optional(),
  sort: z.enum(ADMIN_PAYMENT_SORTS, { error: 'Unknown sort' }).default('createdAt'),
  dir,
});
export type AdminPaymentQuery = z.output<typeof adminPaymentQuerySchema>;

export const adminPageQuerySchema = z.object({ page, pageSize });

/** Outbreak report sales, newest first, searched by the buyer's name or e-mail. */
export const adminReportSaleQuerySchema = z.object({
  page,
  pageSize,
  q: search,
  status: z.enum(REPORT_PURCHASE_STATUSES, { error: 'Unknown payment status' }).optional(),
});
export type AdminReportSaleQuery = z.output<typeof adminReportSaleQuerySchema>;

export const adminApplicationQuerySchema = z.object({
  page,
  pageSize,
  q: search,
  status: z.enum(APPLICATION_STATUSES, { error: 'Unknown application status' }).optional(),
});
export const adminPayoutQuerySchema = z.object({
  page,
  pageSize,
  status: z.enum(PAYOUT_STATUSES, { error: 'Unknown payout status' }).optional(),
});
export const adminAuditQuerySchema = z.object({
  page,
  pageSize,
  action: z.enum(AUDIT_ACTIONS, { error: 'Unknown action' }).optional(),
  actorId: z.uuid({ error: 'actorId must be a UUID' }).optional(),
  targetId: safeString('targetId', 100).optional(),
});

/** A page of a list; `total` counts at most `TOTAL_CAP` rows and `totalCapped` says when it stopped. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    totalCapped: z.boolean(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
export type Page<T> = { items: T[]; total: number; totalCapped: boolean; page: number; pageSize: number };

export const adminStatsSchema = z.object({
  totalRevenue: z.number().int(),
  paidConsultations: z.number().int(),
  pendingPayments: z.number().int(),
  avgConsultationFee: z.number().int(),
  totalDoctors: z.number().int(),
  totalAppointments: z.number().int(),
  /** Numbered receipts issued (consultations and outbreak reports); their sales are in totalRevenue. */
  receiptsIssued: z.number().int().optional(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

export const adminUserRowSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  userType: z.enum(USER_TYPES),
  isActive: z.boolean(),
  isVerified: z.boolean(),
  createdAt: z.string(),
  walletBalance: z.number().int(),
  totalSpent: z.number().int(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

export const adminDoctorRowSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  user: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
  specialty: z.string(),
  location: z.string(),
  country: z.string(),
  isActive: z.boolean(),
  isVerified: z.boolean(),
  profileStatus: z.string(),
  consultationFee: z.number().int(),
  profileCompleteness: z.number().int(),
  /** A verified doctor's credential changes waiting for review, each as verified → new. */
  credentialChanges: z.array(credentialChangeSchema),
});
export type AdminDoctorRow = z.infer<typeof adminDoctorRowSchema>;

export const adminPaymentRowSchema = z.object({
  id: z.uuid(),
  patientName: z.string(),
  doctorName: z.string().nullable(),
  amount: z.number().int(),
  status: z.enum(PAYMENT_STATUSES),
  purpose: z.string(),
  createdAt: z.string(),
  /** "MED-2026-000123" once the payment succeeded; null before. */
  receiptNumber: z.string().nullable().optional(),
});
export type AdminPaymentRow = z.infer<typeof adminPaymentRowSchema>;

/** One outbreak PDF report bought (report_purchases): the platform's own sale, no doctor. */
export const adminReportSaleRowSchema = z.object({
  id: z.uuid(),
  buyerName: z.string(),
  buyerEmail: z.string(),
  tier: z.enum(REPORT_TIERS),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(REPORT_PURCHASE_STATUSES),
  createdAt: z.string(),
  purchasedAt: z.string().nullable(),
  /** "MED-2026-000123" once the sale is paid; null before. */
  receiptNumber: z.string().nullable(),
});
export type AdminReportSaleRow = z.infer<typeof adminReportSaleRowSchema>;

export const adminPaymentDetailSchema = adminPaymentRowSchema.extend({
  provider: z.string(),
  providerIntentId: z.string(),
  currency: z.string(),
  refundedAmount: z.number().int(),
  providerRefundId: z.string().nullable(),
  updatedAt: z.string(),
  patient: z.object({ id: z.uuid(), name: z.string(), email: z.string() }),
  doctor: z.object({ id: z.uuid(), name: z.string(), email: z.string() }).nullable(),
  appointment: z
    .object({
      id: z.uuid(),
      startsAt: z.string(),
      status: z.string(),
      consultationType: z.string(),
      fee: z.number().int(),
    })
    .nullable(),
  earning: z
    .object({ status: z.string(), netEarnings: z.number().int(), platformCommission: z.number().int() })
    .nullable(),
  refunds: z.array(
    z.object({
      providerRefundId: z.string().nullable(),
      amount: z.number().int(),
      status: z.string(),
      at: z.string(),
      /** Addition: where this part went, back to the card or into the patient's Medora wallet. */
      to: z.enum(['card', 'wallet']).optional(),
    }),
  ),
});
export type AdminPaymentDetail = z.infer<typeof adminPaymentDetailSchema>;

export const adminPayoutRowSchema = z.object({
  id: z.uuid(),
  doctorId: z.uuid(),
  doctorName: z.string(),
  amount: z.number().int(),
  payoutMethod: z.string(),
  bankAccount: z.string().nullable(),
  status: z.enum(PAYOUT_STATUSES),
  requestedAt: z.string(),
  paidAt: z.string().nullable(),
  failedAt: z.string().nullable(),
  failureReason: z.string().nullable(),
});
export type AdminPayoutRow = z.infer<typeof adminPayoutRowSchema>;

/** A goodwill credit: 1 cent to $500, with the reason the patient reads beside it. */
export const WALLET_CREDIT_MAX_CENTS = 50_000;
export const walletCreditRequestSchema = z.object({
  amount: z
    .number({ error: 'Amount is required' })
    .int('Amount must be whole cents')
    .min(1, 'Amount must be at least 1 cent')
    .max(WALLET_CREDIT_MAX_CENTS, 'Amount can be at most $500.00'),
  reason: text('Reason', { max: 200, min: 1 }),
});
export type WalletCreditRequest = z.input<typeof walletCreditRequestSchema>;

/** A card refund the processor would not make, waiting for an administrator (decision 072). */
export const adminFailedRefundRowSchema = z.object({
  paymentId: z.uuid(),
  patientId: z.uuid(),
  patientName: z.string(),
  patientEmail: z.string(),
  appointmentId: z.uuid().nullable(),
  purpose: z.string(),
  /** The card part owed back, in cents. */
  amount: z.number().int(),
  currency: z.string(),
  /** Failed asks in the round that gave up, and rounds an administrator restarted before. */
  failures: z.number().int(),
  retries: z.number().int(),
  providerRefundId: z.string().nullable(),
  failedAt: z.string(),
});
export type AdminFailedRefundRow = z.infer<typeof adminFailedRefundRowSchema>;

/** Closing a failed refund by hand: what was done, for the audit trail. */
export const refundResolveRequestSchema = z.object({
  note: text('Note', { max: 500, min: 1 }),
});
export type RefundResolveRequest = z.input<typeof refundResolveRequestSchema>;

export const payoutFailRequestSchema = z.object({
  reason: text('Reason', { max: 300, min: 1 }),
});

export const adminApplicationRowSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  specialty: z.string(),
  licenseNumber: z.string(),
  yearsOfExperience: z.string(),
  consultationFee: z.number().int(),
  languages: z.array(z.string()),
  aboutMe: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  hasAccount: z.boolean(),
});
export type AdminApplicationRow = z.infer<typeof adminApplicationRowSchema>;

export const applicationDecisionSchema = z.object({
  note: text('Note', { max: 500, multiline: true }).optional(),
});

export const adminAuditRowSchema = z.object({
  id: z.number().int(),
  occurredAt: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  actorRole: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  // Any JSON, null included (`unknown` admits null; `.nullable()` would only repeat it).
  before: z.unknown(),
  after: z.unknown(),
  requestId: z.string().nullable(),
});
export type AdminAuditRow = z.infer<typeof adminAuditRowSchema>;

export const idParamsSchema = z.object({ id: z.uuid({ error: 'Id must be a UUID' }) });
export const adminUserParamsSchema = z.object({ userId: z.uuid({ error: 'User id must be a UUID' }) });
export const paymentIdParamsSchema = z.object({ paymentId: z.uuid({ error: 'Payment id must be a UUID' }) });
