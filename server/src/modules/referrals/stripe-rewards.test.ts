import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referrals, users, walletEntries } from '../../db/schema';
import { pendingBooking } from '../../test-support/booking-fixtures';
import type { FakeStripe } from '../../test-support/fake-stripe';
import { sendStripeWebhook, startStripeTestApp } from '../../test-support/stripe-test-app';
import { signedInUser, type TestContext } from '../../test-support/test-app';
import { expectWalletInvariant } from '../../test-support/wallet-invariant';
import { moveWallet } from '../wallet/moves';

let fake: FakeStripe;
let t: TestContext;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, fake, close } = await startStripeTestApp());
});
afterAll(() => close());

const webhook = (object: object) => sendStripeWebhook(t.app, 'payment_intent.succeeded', object);

describe('with Stripe', () => {
  it('webhooks and confirms racing apply the payment once and credit the referrer nothing; the wallet part is charged once and refunded to the wallet', async () => {
    const referrer = await signedInUser(t.db);
    const { patient, appointment } = await pendingBooking(t.app, t.db);
    await t.db.insert(referrals).values({
      referrerId: referrer.user.id,
      referredEmail: patient.user.email,
      referralType: 'patient',
      referredUserId: patient.user.id,
      rewardAmount: 2500,
    });
    // The referred patient has credit of their own from an earlier reward.
    await t.db.transaction(async (tx) => {
      const [own] = await tx
        .insert(referrals)
        .values({
          referrerId: patient.user.id,
          referredEmail: `seed-${patient.user.id}@example.com`,
          referralType: 'patient',
          rewardAmount: 4000,
          status: 'completed',
        })
        .returning();
      await moveWallet(
        tx,
        { userId: patient.user.id, amount: 4000, reason: 'referral_reward', referralId: own.id },
        new Date(),
      );
    });

    const started = await t.app.inject({
      method: 'POST',
      url: '/api/payments/create-intent',
      headers: { cookie: patient.cookie },
      payload: { appointmentId: appointment.id, useWallet: true },
    });
    expect(started.json()).toMatchObject({ amount: 11000, walletAmount: 4000 });
    const id = started.json().paymentIntentId as string;
    expect(fake.intents.get(id)!.amount).toBe(11000);
    fake.setStatus(id, 'succeeded');
    const results = await Promise.all([
      ...Array.from({ length: 10 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/payments/confirm',
          headers: { cookie: patient.cookie },
          payload: { paymentIntentId: id },
        }),
      ),
      ...Array.from({ length: 10 }, () => webhook(fake.intents.get(id)!)),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));

    const balance = async (userId: string) =>
      (await t.db.select().from(users).where(eq(users.id, userId)))[0].walletBalance;
    // A paid consultation earns no reward until it has taken place (rewards.test.ts).
    expect(await balance(referrer.user.id)).toBe(0);
    expect(await balance(patient.user.id)).toBe(0);
    expect(await t.db.select().from(walletEntries).where(eq(walletEntries.userId, referrer.user.id))).toHaveLength(0);

    const cancel = await t.app.inject({
      method: 'PATCH',
      url: `/api/appointments/${appointment.id}`,
      headers: { cookie: patient.cookie },
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode).toBe(200);
    expect(fake.refunds.filter((r) => r.payment_intent === id).map((r) => r.amount)).toEqual([11000]);
    expect(await balance(patient.user.id)).toBe(4000);
    await expectWalletInvariant(t.db);
  });
});
