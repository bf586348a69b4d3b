import { z } from 'zod';
import { appointmentSchema } from './appointments';

export const PAYMENT_PROVIDERS = ['simulated', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** What the checkout needs to know before it draws a card form. */
export const paymentConfigSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  /** Stripe's publishable key; only in Stripe mode. */
  publishableKey: z.string().nullable(),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

export const createIntentBodySchema = z.object({
  appointmentId: z.uuid({ error: 'Appointment id must be a UUID' }),
  /** Pay what the wallet holds first; the card is charged the rest. */
  useWallet: z.boolean().optional(),
});

/** `clientSecret` and `amount` (cents); `paymentIntentId` is Medora's addition (docs/api.md). */
export const intentReplySchema = z.object({
  clientSecret: z.string(),
  amount: z.number().int(),
  paymentIntentId: z.string(),
  /** Cents paid from the wallet; `amount` is what the card is charged. */
  walletAmount: z.number().int().optional(),
  /** The wallet paid everything: the appointment is already confirmed, there is no card step. */
  paidWithWallet: z.boolean().optional(),
});
export type IntentReply = z.infer<typeof intentReplySchema>;

/** `amount` is the specialty's published fee in dollars, as the checkout link carries it. */
export const createSpecialtyIntentBodySchema = z.object({
  specialty: z.string({ error: 'Specialty is required' }).trim().min(1, 'Specialty is required').max(100),
  amount: z.number({ error: 'Amount must be a number' }).positive('Amount must be positive').max(100_000),
});

export const confirmBodySchema = z.object({
  paymentIntentId: z.string({ error: 'Payment intent id is required' }).min(1).max(200),
});

export const confirmReplySchema = z.object({
  status: z.literal('succeeded'),
  purpose: z.enum(['appointment', 'specialty']),
  /** The confirmed appointment; for a specialty payment, the one the patient was matched to. */
  appointment: appointmentSchema,
});
export type ConfirmReply = z.infer<typeof confirmReplySchema>;

/** The simulated processor's stand-in for Stripe.js `confirmPayment`: card data goes here only. */
export const simulatedCardBodySchema = z.object({
  clientSecret: z.string().min(1).max(300),
  card: z.object({
    number: z.string().max(40),
    expiry: z.string().max(10),
    cvc: z.string().max(4),
    postcode: z.string().max(10),
  }),
});

export const simulatedCardReplySchema = z.object({
  paymentIntentId: z.string(),
  status: z.string(),
  /** Present when the card was declined (Stripe's `error.message`). */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type SimulatedCardReply = z.infer<typeof simulatedCardReplySchema>;

export const webhookReplySchema = z.object({ received: z.literal(true) });
