import { eq } from 'drizzle-orm';
import { payments } from '../../db/schema';
import { AppError, localizedError } from '../../core/errors';
import { WebhookSignatureError } from '../../payments/provider';
import type { UnitServices } from '../events/bus';
import type { PaymentPurposeHandler, PaymentPurposes } from './purposes';
import { confirmPayment, recordIntentStatus } from './service';

const HANDLED = new Set([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'payment_intent.processing',
]);

/**
 * Stripe webhooks: the signature is checked over the raw body; the event only names the intent,
 * which is re-read from Stripe and handed to the handler registered for the purpose its metadata
 * names (see purposes.ts). Handlers apply it through the same idempotent path as their /confirm,
 * so replays and out-of-order deliveries are harmless. Events we do not handle get a 200.
 */
export async function handleWebhook(
  services: UnitServices,
  purposes: PaymentPurposes,
  rawBody: Buffer,
  signature: string | undefined,
  now: Date,
): Promise<void> {
  const provider = services.payments;
  let event;
  try {
    event = provider.verifyWebhook(rawBody, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError)
      throw localizedError('bad_request', 'errors.webhookSignature', { reason: error.message });
    throw error;
  }
  if (!HANDLED.has(event.type) || !event.paymentIntentId) return;
  const intent = await provider.retrieveIntent(event.paymentIntentId);
  // An intent Stripe does not know, or one no purpose of ours claims: not ours.
  if (!intent) return;
  await purposes.dispatch(intent, services, now);
}

/** The appointment and specialty purposes: the payment row's own confirmation. */
export const confirmPaymentFromWebhook: PaymentPurposeHandler = async (intent, services, now) => {
  const { db, payments: provider, log } = services;
  const [payment] = await db
    .select({ purpose: payments.purpose, provider: payments.provider })
    .from(payments)
    .where(eq(payments.providerIntentId, intent.id));
  if (!payment || payment.provider !== provider.name || payment.purpose === 'report') return;
  if (intent.status !== 'succeeded') return recordIntentStatus(db, provider, intent);
  try {
    await confirmPayment(services, intent.id, null, now);
  } catch (error) {
    // A refunded or expired booking is already handled; acknowledging stops Stripe retrying.
    if (error instanceof AppError && error.code === 'conflict') {
      log.warn({ intent: intent.id, reason: error.message }, 'webhook payment not applied');
      return;
    }
    throw error;
  }
};
