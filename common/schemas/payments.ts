import { z } from 'zod';
import { appointmentSchema } from './appointments';
import { safeString, text } from './text';

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
  specialty: text('Specialty', { max: 100, min: 1 }),
  amount: z.number({ error: 'Amount must be a number' }).positive('Amount must be positive').max(100_000),
});

export const confirmBodySchema = z.object({
  paymentIntentId: safeString('Payment intent id', 200).min(1, 'Payment intent id is required'),
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
  clientSecret: safeString('Client secret', 300).min(1, 'Client secret is required'),
  card: z.object({
    number: safeString('Card number', 40),
    expiry: safeString('Expiry', 10),
    cvc: safeString('CVC', 4),
    postcode: safeString('Postcode', 10),
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
