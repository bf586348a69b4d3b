import { z } from 'zod';
import { CONSULTATION_TYPE_VALUES } from '../constants/consultation-types';
import { DISPUTE_REASON_MAX_LENGTH, MARKED_OUTCOMES, OUTCOME_HOLD_STATUSES } from '../constants/visit-outcomes';
import { text } from './text';

/** `POST /api/appointments/:id/dispute`: the patient's reason, in their words. */
export const disputeBodySchema = z.object({
  reason: text('Reason', { max: DISPUTE_REASON_MAX_LENGTH, min: 1, multiline: true }),
});
export type DisputeBody = z.input<typeof disputeBodySchema>;

/** `POST /api/admin/disputes/:id/resolve`: refund the patient or release the share to the doctor. */
export const resolveDisputeBodySchema = z.object({
  outcome: z.enum(['refund', 'release']),
  note: text('Note', { max: DISPUTE_REASON_MAX_LENGTH, min: 0, multiline: true }).optional(),
});
export type ResolveDisputeBody = z.input<typeof resolveDisputeBodySchema>;

export const disputeParamsSchema = z.object({ id: z.uuid() });

/** A doctor-marked outcome and where its hold stands; `id` is the appointment's id. */
export const outcomeHoldSchema = z.object({
  id: z.uuid(),
  outcome: z.enum(MARKED_OUTCOMES),
  status: z.enum(OUTCOME_HOLD_STATUSES),
  markedAt: z.string(),
  releaseAt: z.string(),
  disputeReason: z.string().nullable(),
  disputedAt: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  resolutionNote: z.string().nullable(),
});
export type OutcomeHold = z.infer<typeof outcomeHoldSchema>;

/** One line of the administrators' disputes list: the hold, the visit, both people and the money. */
export const adminDisputeSchema = outcomeHoldSchema.extend({
  startsAt: z.string(),
  consultationType: z.enum(CONSULTATION_TYPE_VALUES),
  patient: z.object({ id: z.uuid(), name: z.string(), email: z.string() }),
  doctor: z.object({ id: z.uuid(), name: z.string() }),
  /** The payment's id and amount (integer cents); null when the visit had no payment of its own. */
  paymentId: z.uuid().nullable(),
  amount: z.number().int().nullable(),
});
export type AdminDispute = z.infer<typeof adminDisputeSchema>;
export const adminDisputeListSchema = z.array(adminDisputeSchema);

export const adminDisputeQuerySchema = z.object({
  /** Open disputes by default; `all` adds the held, released and refunded ones. */
  status: z.enum(['disputed', 'all']).default('disputed'),
});
