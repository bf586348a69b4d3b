import { createRequire } from 'node:module';
import type Stripe from 'stripe';
import type { Config } from '../config';
import {
  WebhookSignatureError,
  type IntentStatus,
  type PaymentIntent,
  type PaymentProvider,
  type Refund,
} from './provider';

type StripeSettings = NonNullable<Config['stripe']>;

/** SDK options; STRIPE_API_URL points the SDK at a local fake (tests) instead of api.stripe.com. */
export function stripeClientOptions(settings: StripeSettings): ConstructorParameters<typeof Stripe>[1] {
  const options: ConstructorParameters<typeof Stripe>[1] = { telemetry: false, maxNetworkRetries: 2, timeout: 20_000 };
  if (settings.apiUrl) {
    const url = new URL(settings.apiUrl);
    options.host = url.hostname;
    options.port = url.port || (url.protocol === 'https:' ? 443 : 80);
    options.protocol = url.protocol === 'https:' ? 'https' : 'http';
  }
  return options;
}

const present = (intent: Stripe.PaymentIntent): PaymentIntent => ({
  id: intent.id,
  clientSecret: intent.client_secret ?? '',
  amount: intent.amount,
  currency: intent.currency,
  status: intent.status as IntentStatus,
  metadata: { ...intent.metadata },
  lastError: intent.last_payment_error?.message ?? null,
});

/**
 * The SDK (about 6 MB of heap) is loaded when a provider is made, that is only when Stripe is
 * configured: the simulated processor of a demo or a test server never loads it. Synchronously,
 * so the provider is ready when made (webhook verification is synchronous).
 */
const loadStripe = () => createRequire(import.meta.url)('stripe') as typeof Stripe;

/** Stripe PaymentIntents through the official SDK; the browser pays with the Payment Element. */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly publishableKey: string;
  private readonly stripe: Stripe;
  private readonly errors: typeof Stripe.errors;

  constructor(private readonly settings: StripeSettings) {
    this.publishableKey = settings.publishableKey;
    const Sdk = loadStripe();
    this.stripe = new Sdk(settings.secretKey, stripeClientOptions(settings));
    this.errors = Sdk.errors;
  }

  async createIntent(input: {
    amount: number;
    currency: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }) {
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: input.amount,
        currency: input.currency,
        metadata: input.metadata,
        automatic_payment_methods: { enabled: true },
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return present(intent);
  }

  async retrieveIntent(id: string) {
    try {
      return present(await this.stripe.paymentIntents.retrieve(id));
    } catch (error) {
      if (error instanceof this.errors.StripeInvalidRequestError && error.code === 'resource_missing') return null;
      throw error;
    }
  }

  async cancelIntent(id: string) {
    try {
      return present(await this.stripe.paymentIntents.cancel(id));
    } catch (error) {
      // Stripe refuses to cancel an intent that succeeded or is processing: report its state.
      if (error instanceof this.errors.StripeInvalidRequestError) return this.retrieveIntent(id);
      throw error;
    }
  }

  async refund(intentId: string, idempotencyKey: string): Promise<Refund> {
    const refund = await this.stripe.refunds.create({ payment_intent: intentId }, { idempotencyKey });
    const status =
      refund.status === 'succeeded'
        ? 'succeeded'
        : refund.status === 'failed' || refund.status === 'canceled'
          ? 'failed'
          : 'pending';
    return { id: refund.id, status, amount: refund.amount };
  }

  verifyWebhook(rawBody: Buffer, signature: string | undefined) {
    if (!this.settings.webhookSecret) throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not set.');
    if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header.');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret);
    } catch (error) {
      throw new WebhookSignatureError((error as Error).message);
    }
    const object = event.data.object as {
      object?: string;
      id?: string;
      payment_intent?: string | { id: string } | null;
    };
    const paymentIntentId =
      object.object === 'payment_intent'
        ? (object.id ?? null)
        : typeof object.payment_intent === 'string'
          ? object.payment_intent
          : (object.payment_intent?.id ?? null);
    return { id: event.id, type: event.type, paymentIntentId };
  }
}
