import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { payments } from '../../db/schema';
import { AppError, badRequest } from '../../core/errors';
import { WebhookSignatureError, type PaymentProvider } from '../../payments/provider';
import { completeReportFromWebhook } from '../outbreak/webhook';
import { confirmPayment, recordIntentStatus } from './service';

const HANDLED = new Set([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'payment_intent.processing',
]);

/**
 * Stripe webhooks: the signature is checked over the raw body; the event only names the intent,
 * which is re-read from Stripe and applied through the same idempotent path as /confirm, so
 * replays and out-of-order deliveries are harmless. Events we do not handle get a 200.
 */
export async function handleWebhook(
  db: Db,
  provider: PaymentProvider,
  log: FastifyBaseLogger,
  rawBody: Buffer,
  signature: string | undefined,
  now: Date,
): Promise<void> {
  let event;
  try {
    event = provider.verifyWebhook(rawBody, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError)
      throw badRequest(`Webhook signature verification failed: ${error.message}`);
    throw error;
  }
  if (!HANDLED.has(event.type) || !event.paymentIntentId) return;
  if (await completeReportFromWebhook(db, provider, log, event.paymentIntentId, now)) return;
  const [payment] = await db
    .select({ purpose: payments.purpose, provider: payments.provider })
    .from(payments)
    .where(eq(payments.providerIntentId, event.paymentIntentId));
  // Not ours (report purchases were handled above).
  if (!payment || payment.provider !== provider.name || payment.purpose === 'report') return;
  const intent = await provider.retrieveIntent(event.paymentIntentId);
  if (!intent) return;
  if (intent.status !== 'succeeded') return recordIntentStatus(db, provider, intent);
  try {
    await confirmPayment(db, provider, log, intent.id, null);
  } catch (error) {
    // A refunded or expired booking is already handled; acknowledging stops Stripe retrying.
    if (error instanceof AppError && error.code === 'conflict') {
      log.warn({ intent: intent.id, reason: error.message }, 'webhook payment not applied');
      return;
    }
    throw error;
  }
}
