import Stripe from 'stripe';
import { startFakeStripe, type FakeStripe } from './fake-stripe';
import { createTestApp, type TestAppOptions, type TestContext } from './test-app';

/** The keys a Stripe-mode test app is configured with; the fake Stripe accepts the secret key. */
export const STRIPE_TEST_KEYS = {
  secret: 'sk_test_medora_fake',
  publishable: 'pk_test_medora_fake',
  webhookSecret: 'whsec_medora_fake',
};

/** A test app in Stripe mode, talking to a fake Stripe on 127.0.0.1; `close` stops both. `env` adds settings. */
export async function startStripeTestApp(
  options: TestAppOptions = {},
  env: Record<string, string> = {},
): Promise<{ t: TestContext; fake: FakeStripe; close: () => Promise<void> }> {
  const fake = await startFakeStripe(STRIPE_TEST_KEYS.secret);
  const t = await createTestApp(
    {
      ...env,
      STRIPE_SECRET_KEY: STRIPE_TEST_KEYS.secret,
      STRIPE_PUBLISHABLE_KEY: STRIPE_TEST_KEYS.publishable,
      STRIPE_WEBHOOK_SECRET: STRIPE_TEST_KEYS.webhookSecret,
      STRIPE_API_URL: fake.url,
    },
    options,
  );
  return {
    t,
    fake,
    close: async () => {
      await t.close();
      await fake.close();
    },
  };
}

const signer = new Stripe(STRIPE_TEST_KEYS.secret);

/**
 * Delivers a Stripe event to the app's webhook as Stripe would: a signed JSON body. `id` fixes the
 * event's id (a redelivery); `secret` signs with another key (a forgery).
 */
export function sendStripeWebhook(
  app: Pick<TestContext['app'], 'inject'>,
  type: string,
  object: object,
  { id = `evt_${crypto.randomUUID().replaceAll('-', '')}`, secret = STRIPE_TEST_KEYS.webhookSecret } = {},
) {
  const payload = JSON.stringify({
    id,
    object: 'event',
    type,
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  });
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
  return app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload,
  });
}
