import type { PaymentIntentStatus } from '@common/constants/statuses';
import type { PaymentProviderName } from '@common/schemas/payments';

/** A PaymentIntent's states; both processors speak Stripe's vocabulary. */
export type IntentStatus = PaymentIntentStatus;

/** The part of a PaymentIntent Medora relies on. */
export type PaymentIntent = {
  id: string;
  clientSecret: string;
  /** Integer cents. */
  amount: number;
  currency: string;
  status: IntentStatus;
  metadata: Record<string, string>;
  /** The processor's words for the last failed attempt ("Your card was declined."). */
  lastError: string | null;
};

export type Refund = { id: string; status: 'succeeded' | 'pending' | 'failed'; amount: number };

/** A verified webhook event; only the intent id is trusted, the intent itself is re-read. */
export type WebhookEvent = { id: string; type: string; paymentIntentId: string | null };

export class WebhookSignatureError extends Error {}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** The publishable key the browser needs (Stripe only). */
  readonly publishableKey: string | null;
  /** The same key returns the same intent, so a retried request never charges twice. */
  createIntent(input: {
    amount: number;
    currency: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<PaymentIntent>;
  /** The processor's current view of an intent; null when it does not exist. */
  retrieveIntent(id: string): Promise<PaymentIntent | null>;
  /**
   * Cancels an intent that has not been paid, so it can never be charged later (a checkout
   * replaced by another). Returns the intent as it is afterwards: `succeeded` when it was paid
   * before the cancellation reached the processor, which the caller must then honour.
   */
  cancelIntent(id: string): Promise<PaymentIntent | null>;
  /** Refunds the whole captured amount; the key makes a retried refund harmless. */
  refund(intentId: string, idempotencyKey: string): Promise<Refund>;
  /** Verifies the signature over the raw body; throws WebhookSignatureError when it fails. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): WebhookEvent;
}
