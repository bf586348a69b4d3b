import type { LightMyRequestResponse } from 'fastify';
import type { Db } from '../db/client';
import { REFUND_FAILS_CARD } from '../payments/simulated';
import type { FakeStripe } from './fake-stripe';
import { mirrorProcessorIntents } from './money-invariants';

/**
 * The card processor of the money world (money-world.ts): how a patient's browser pays a checkout,
 * and how the app hears of it. With the simulated processor the browser pays through Medora's own
 * card endpoint and then asks /confirm. With Stripe the browser pays Stripe (here the fake), and
 * Stripe's webhook may arrive before the browser comes back, after it, twice, or alone.
 */

export type CardKind = 'good' | 'declined' | 'refundFails';
export type Checkout = { clientSecret: string; paymentIntentId: string };
type Person = { id: string; cookie: string };

/** The world's own requests: counted, logged, and a 5xx stops the run. */
export type WorldRequests = {
  call(label: string, who: Person, method: 'POST', url: string, payload?: object): Promise<LightMyRequestResponse>;
  webhook(label: string, type: string, object: object): Promise<LightMyRequestResponse>;
  note(line: string): void;
};

export interface WorldCards {
  /** The browser pays the checkout with a card: 200 when charged, 402 when declined. */
  charge(req: WorldRequests, who: Person, tab: Checkout, kind: CardKind, label: string): Promise<number>;
  /**
   * How the app learns a checkout's outcome. `confirm` is the browser's own request; the answer is
   * the browser's, or undefined when the browser never came back.
   */
  deliver(
    req: WorldRequests,
    tab: Checkout,
    confirm: () => Promise<LightMyRequestResponse>,
  ): Promise<LightMyRequestResponse | undefined>;
  /** The end of a run: the processor tells the app of every checkout it still has to say something of. */
  settle(req: WorldRequests, tabs: Checkout[]): Promise<void>;
  /** Makes the processor's side readable by the money rules. */
  mirror(db: Db): Promise<void>;
  /** Checkouts the app learnt of from the webhook alone (answered 200). */
  readonly webhookOnly: number;
}

const CARD_NUMBERS: Record<CardKind, string> = {
  good: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  refundFails: REFUND_FAILS_CARD,
};

export const simulatedCards: WorldCards = {
  webhookOnly: 0,
  async charge(req, who, tab, kind, label) {
    const res = await req.call(label, who, 'POST', '/api/payments/simulated/confirm-card', {
      clientSecret: tab.clientSecret,
      card: { number: CARD_NUMBERS[kind], expiry: '12/34', cvc: '123', postcode: '10001' },
    });
    return res.statusCode;
  },
  deliver: (_req, _tab, confirm) => confirm(),
  // The simulated processor has no webhook: the world's settle confirms every tab itself.
  async settle() {},
  async mirror() {},
};

const DECLINED = 'Your card was declined.';

/** Stripe, as the fake on 127.0.0.1 plays it; the order of webhook and browser turns with each checkout. */
export class StripeCards implements WorldCards {
  webhookOnly = 0;
  private turn = 0;

  constructor(private readonly fake: FakeStripe) {}

  async charge(req: WorldRequests, _who: Person, tab: Checkout, kind: CardKind, label: string) {
    const intent = this.fake.intents.get(tab.paymentIntentId);
    // Stripe.js on an intent already paid or cancelled: the Payment Element refuses, nothing moves.
    if (!intent || intent.status === 'succeeded' || intent.status === 'canceled') {
      req.note(`${label} refused by Stripe (${intent?.status ?? 'no intent'})`);
      return 400;
    }
    if (kind === 'declined') this.fake.setStatus(intent.id, 'requires_payment_method', DECLINED);
    else {
      this.fake.setStatus(intent.id, 'succeeded');
      if (kind === 'refundFails') this.fake.failRefunds(intent.id);
    }
    req.note(`${label} at Stripe ${kind === 'declined' ? 402 : 200}`);
    return kind === 'declined' ? 402 : 200;
  }

  async deliver(req: WorldRequests, tab: Checkout, confirm: () => Promise<LightMyRequestResponse>) {
    const way = this.turn++ % 4;
    if (way === 0) return confirm();
    if (way === 1) {
      await this.event(req, tab, 'webhook first');
      return confirm();
    }
    if (way === 2) {
      const answer = await confirm();
      await this.event(req, tab, 'webhook after');
      return answer;
    }
    // The browser closed after paying: only the webhook tells the app.
    const res = await this.event(req, tab, 'webhook alone');
    if (res?.statusCode === 200) this.webhookOnly++;
    return undefined;
  }

  async settle(req: WorldRequests, tabs: Checkout[]) {
    for (const tab of tabs) await this.event(req, tab, 'settling webhook');
  }

  mirror(db: Db) {
    const refunded = new Map<string, number>();
    for (const r of this.fake.refunds) refunded.set(r.payment_intent, (refunded.get(r.payment_intent) ?? 0) + r.amount);
    return mirrorProcessorIntents(db, this.fake.intents.values(), (id) => refunded.get(id) ?? 0);
  }

  /** The event Stripe sends for the intent as it now stands; none for one still waiting for a card. */
  private event(req: WorldRequests, tab: Checkout, label: string) {
    const intent = this.fake.intents.get(tab.paymentIntentId);
    if (!intent) return undefined;
    const type =
      intent.status === 'succeeded'
        ? 'payment_intent.succeeded'
        : intent.status === 'canceled'
          ? 'payment_intent.canceled'
          : intent.last_payment_error
            ? 'payment_intent.payment_failed'
            : null;
    if (!type) return undefined;
    return req.webhook(`${label} ${type}`, type, { ...intent });
  }
}
