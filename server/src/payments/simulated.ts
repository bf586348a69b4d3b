import { randomBytes } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import { cardDigits, cardErrors, type CardInput } from '@common/rules/card';
import type { Db } from '../db/client';
import { payments, simulatedPaymentIntents } from '../db/schema';
import { badRequest, notFound } from '../core/errors';
import { simulatedRefusal } from './not-paid';
import {
  WebhookSignatureError,
  type IntentStatus,
  type PaymentIntent,
  type PaymentProvider,
  type Refund,
} from './provider';

type Row = typeof simulatedPaymentIntents.$inferSelect;

export const REFUND_FAILS_CARD = '4000000000005126';

/**
 * Test cards of the simulated processor (the same numbers Stripe uses in test mode). Any other
 * valid number is declined, so a real card typed into a demo is never "charged".
 */
export const SIMULATED_CARDS: Record<string, { code: string; message: string } | null> = {
  '4242424242424242': null,
  '5555555555554444': null,
  '4000000000000002': { code: 'card_declined', message: simulatedRefusal('declined') },
  '4000000000009995': { code: 'insufficient_funds', message: simulatedRefusal('insufficientFunds') },
  // Charged, but its refunds fail (Stripe's test card for a failed refund), so the failed-refund
  // path can be played end to end.
  [REFUND_FAILS_CARD]: null,
};
const UNKNOWN_CARD = {
  code: 'card_declined',
  message: simulatedRefusal('testOnly'),
};

const token = (bytes: number) => randomBytes(bytes).toString('base64url').replace(/[-_]/g, 'x');

const present = (row: Row): PaymentIntent => ({
  id: row.id,
  clientSecret: row.clientSecret,
  amount: row.amount,
  currency: row.currency,
  status: row.status as IntentStatus,
  metadata: JSON.parse(row.metadata) as Record<string, string>,
  lastError: row.lastErrorMessage,
});

const REPLACED = {
  code: 'payment_intent_unexpected_state',
  message: simulatedRefusal('replaced'),
};

/** The built-in card processor: PaymentIntents in our own table, cards checked like Stripe's test mode. */
export class SimulatedProvider implements PaymentProvider {
  readonly name = 'simulated' as const;
  readonly publishableKey = null;

  constructor(private readonly db: Db) {}

  async createIntent(input: {
    amount: number;
    currency: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }) {
    const id = `pi_sim_${token(18)}`;
    const [created] = await this.db
      .insert(simulatedPaymentIntents)
      .values({
        id,
        clientSecret: `${id}_secret_${token(18)}`,
        amount: input.amount,
        currency: input.currency,
        metadata: JSON.stringify(input.metadata),
        idempotencyKey: input.idempotencyKey,
      })
      .onConflictDoNothing({ target: simulatedPaymentIntents.idempotencyKey })
      .returning();
    if (created) return present(created);
    const [existing] = await this.db
      .select()
      .from(simulatedPaymentIntents)
      .where(eq(simulatedPaymentIntents.idempotencyKey, input.idempotencyKey));
    return present(existing);
  }

  async retrieveIntent(id: string) {
    const [row] = await this.db.select().from(simulatedPaymentIntents).where(eq(simulatedPaymentIntents.id, id));
    return row ? present(row) : null;
  }

  async cancelIntent(id: string) {
    await this.db
      .update(simulatedPaymentIntents)
      .set({ status: 'canceled', updatedAt: new Date() })
      .where(and(eq(simulatedPaymentIntents.id, id), ne(simulatedPaymentIntents.status, 'succeeded')));
    return this.retrieveIntent(id);
  }

  async refund(intentId: string): Promise<Refund> {
    const failsLast4 = REFUND_FAILS_CARD.slice(-4);
    // One statement for the usual refund (every cancellation of a paid visit makes one). Conditional:
    // only a succeeded intent, not paid with the card whose refunds fail, is refunded; a retry
    // changes nothing.
    const [row] = await this.db
      .update(simulatedPaymentIntents)
      .set({ amountRefunded: sql`${simulatedPaymentIntents.amount}`, updatedAt: new Date() })
      .where(
        and(
          eq(simulatedPaymentIntents.id, intentId),
          eq(simulatedPaymentIntents.status, 'succeeded'),
          sql`${simulatedPaymentIntents.cardLast4} is distinct from ${failsLast4}`,
        ),
      )
      .returning({ amountRefunded: simulatedPaymentIntents.amountRefunded });
    if (row) return { id: `re_sim_${intentId.slice(7)}`, status: 'succeeded', amount: row.amountRefunded };
    const [charged] = await this.db
      .select({ cardLast4: simulatedPaymentIntents.cardLast4, amount: simulatedPaymentIntents.amount })
      .from(simulatedPaymentIntents)
      .where(eq(simulatedPaymentIntents.id, intentId));
    if (charged?.cardLast4 === failsLast4) {
      return { id: `re_sim_${intentId.slice(7)}`, status: 'failed', amount: charged.amount };
    }
    // Demo and test data insert succeeded payments directly, with no intent in this processor;
    // those are refunded as if it had taken them, so the demo's cancel flow works end to end.
    const [seeded] = await this.db
      .select({ amount: payments.amount })
      .from(payments)
      .where(and(eq(payments.provider, 'simulated'), eq(payments.providerIntentId, intentId)));
    const [intent] = await this.db
      .select({ id: simulatedPaymentIntents.id })
      .from(simulatedPaymentIntents)
      .where(eq(simulatedPaymentIntents.id, intentId));
    if (!seeded || intent) throw notFound('Payment intent');
    return { id: `re_sim_${intentId.slice(3)}`, status: 'succeeded', amount: seeded.amount };
  }

  verifyWebhook(): never {
    // The simulated processor has no webhooks; confirmation always goes through /confirm.
    throw new WebhookSignatureError('Webhooks are only used with Stripe.');
  }

  /**
   * The stand-in for Stripe.js `confirmPayment`: checks the card and moves the intent on. A
   * declined card leaves it in requires_payment_method with the decline message, as Stripe does.
   */
  async confirmWithCard(clientSecret: string, card: CardInput) {
    const errors = cardErrors(card);
    if (Object.keys(errors).length > 0) throw badRequest(Object.values(errors)[0]!, errors);
    const [row] = await this.db
      .select()
      .from(simulatedPaymentIntents)
      .where(eq(simulatedPaymentIntents.clientSecret, clientSecret));
    if (!row) throw notFound('Payment intent');
    if (row.status === 'succeeded') return { intent: present(row), error: null };
    // Replaced by another checkout (the wallet in another tab, say): it can never be charged.
    if (row.status === 'canceled') return { intent: present(row), error: REPLACED };
    const digits = cardDigits(card.number);
    const outcome = digits in SIMULATED_CARDS ? SIMULATED_CARDS[digits] : UNKNOWN_CARD;
    const [updated] = await this.db
      .update(simulatedPaymentIntents)
      .set(
        outcome
          ? { lastErrorCode: outcome.code, lastErrorMessage: outcome.message, updatedAt: new Date() }
          : {
              status: 'succeeded',
              lastErrorCode: null,
              lastErrorMessage: null,
              cardLast4: digits.slice(-4),
              updatedAt: new Date(),
            },
      )
      .where(and(eq(simulatedPaymentIntents.id, row.id), eq(simulatedPaymentIntents.status, 'requires_payment_method')))
      .returning();
    // Lost a race with a concurrent confirm: report whatever that one decided.
    const intent = updated ? present(updated) : ((await this.retrieveIntent(row.id)) as PaymentIntent);
    return { intent, error: intent.status === 'succeeded' ? null : outcome };
  }
}
