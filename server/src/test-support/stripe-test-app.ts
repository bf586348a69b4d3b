import { startFakeStripe, type FakeStripe } from './fake-stripe';
import { createTestApp, type TestAppOptions, type TestContext } from './test-app';

/** The keys a Stripe-mode test app is configured with; the fake Stripe accepts the secret key. */
export const STRIPE_TEST_KEYS = {
  secret: 'sk_test_medora_fake',
  publishable: 'pk_test_medora_fake',
  webhookSecret: 'whsec_medora_fake',
};

/** A test app in Stripe mode, talking to a fake Stripe on 127.0.0.1; `close` stops both. */
export async function startStripeTestApp(
  options: TestAppOptions = {},
): Promise<{ t: TestContext; fake: FakeStripe; close: () => Promise<void> }> {
  const fake = await startFakeStripe(STRIPE_TEST_KEYS.secret);
  const t = await createTestApp(
    {
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
