import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { appointments, ledgerEntries, simulatedPaymentIntents, users, walletEntries } from '../../db/schema';
import type { PaymentIntent, PaymentProvider } from '../../payments/provider';
import { createPaymentProvider } from '../../payments/select';
import { book, localDate, paymentFor, pendingBooking } from '../../test-support/booking-fixtures';
import { createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';
import { expectWalletInvariant } from '../../test-support/wallet-invariant';

/*
 * What a patient sees when two checkouts of one appointment cross (payments/service.ts, the
 * survivors of its first mutation run, docs/mutation-testing.md): a checkout that loses its race to
 * a payment or to another tab, a wallet payment that finds the visit paid meanwhile, an open
 * checkout reused or replaced, and a confirmation the processor reports in another currency or
 * after a refund. A second instance on the same database has a processor the test can hold at a
 * call (the other tab goes on meanwhile), that forgets an intent or misreports one.
 */

let t: TestContext;
let other: FastifyInstance;
let logLines: string[] = [];
/** The second instance's clock runs this far ahead of the first's (a hold that has run out). */
let ahead = 0;

type Held = {
  method: 'createIntent' | 'cancelIntent';
  /** Held once the processor has done it, before its answer arrives (else before it is asked). */
  answered: boolean;
  reached: () => void;
  opened: Promise<void>;
};
const held: Held[] = [];
const calls = { createIntent: 0, cancelIntent: [] as string[] };
/** Intents the processor answers it does not know (null, to a read or a cancellation). */
const forgotten = new Set<string>();
/** Intents the processor reports in another currency. */
const inEuros = new Set<string>();

/**
 * The next call of `method` waits at the processor's door until released, or, `answered`, is done
 * by the processor and its answer waits.
 */
function holdNext(method: Held['method'], { answered = false } = {}) {
  let reached!: () => void;
  const arrived = new Promise<void>((resolve) => (reached = resolve));
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  held.push({ method, answered, reached, opened });
  return { arrived, release: open };
}

async function call<T>(method: Held['method'], work: () => Promise<T>): Promise<T> {
  const index = held.findIndex((h) => h.method === method);
  if (index < 0) return work();
  const [gate] = held.splice(index, 1);
  if (!gate.answered) {
    gate.reached();
    await gate.opened;
    return work();
  }
  const answer = await work();
  gate.reached();
  await gate.opened;
  return answer;
}

const gated = (inner: PaymentProvider): PaymentProvider =>
  new Proxy(inner, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property === 'createIntent') {
        return async (...args: Parameters<PaymentProvider['createIntent']>) => {
          calls.createIntent += 1;
          return call('createIntent', () => target.createIntent(...args));
        };
      }
      if (property === 'cancelIntent') {
        return async (id: string) => {
          calls.cancelIntent.push(id);
          return call('cancelIntent', async () => (forgotten.has(id) ? null : target.cancelIntent(id)));
        };
      }
      if (property === 'retrieveIntent') {
        return async (id: string): Promise<PaymentIntent | null> => {
          if (forgotten.has(id)) return null;
          const intent = await target.retrieveIntent(id);
          return intent && inEuros.has(id) ? { ...intent, currency: 'eur' } : intent;
        };
      }
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });

beforeAll(async () => {
  t = await createTestApp();
  other = await buildApp({
    config: { ...t.config, logLevel: 'error' },
    database: t.database,
    payments: gated(createPaymentProvider(t.config, t.db)),
    jobs: { start: false },
    clock: { now: () => new Date(Date.now() + ahead) },
    logStream: { write: (line: string) => void logLines.push(line) },
  });
  await other.ready();
});
afterAll(async () => {
  await other.close();
  await t.close();
});
beforeEach(() => {
  held.length = 0;
  forgotten.clear();
  inEuros.clear();
  logLines = [];
  ahead = 0;
});

const CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', postcode: '10001' };
const post = (cookie: string, url: string, payload: object) =>
  other.inject({ method: 'POST', url, headers: { cookie }, payload });
const checkout = (cookie: string, appointmentId: string, useWallet?: boolean) =>
  post(cookie, '/api/payments/create-intent', useWallet ? { appointmentId, useWallet } : { appointmentId });
const payCard = (cookie: string, clientSecret: string) =>
  post(cookie, '/api/payments/simulated/confirm-card', { clientSecret, card: CARD });
const confirm = (cookie: string, paymentIntentId: string) => post(cookie, '/api/payments/confirm', { paymentIntentId });

/** A $150 pending booking whose patient has `credit` cents in the wallet. */
async function bookingWithCredit(credit: number, time = '10:00 AM') {
  const booking = await pendingBooking(t.app, t.db, time);
  if (credit > 0) {
    const admin = await signedInUser(t.db, { userType: 'admin' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${booking.patient.user.id}/wallet-credits`,
      headers: { cookie: admin.cookie },
      payload: { amount: credit, reason: 'Goodwill' },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return booking;
}

async function topUp(userId: string, amount: number) {
  const admin = await signedInUser(t.db, { userType: 'admin' });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/users/${userId}/wallet-credits`,
    headers: { cookie: admin.cookie },
    payload: { amount, reason: 'Goodwill' },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** The processor's intents for one appointment, by id: their status and amount. */
const intentsOf = async (appointmentId: string) =>
  Object.fromEntries(
    (await t.db.select().from(simulatedPaymentIntents))
      .filter((i) => JSON.parse(i.metadata).appointmentId === appointmentId)
      .map((i) => [i.id, { status: i.status, amount: i.amount }]),
  );
const walletOf = async (userId: string) =>
  (await t.db.select({ b: users.walletBalance }).from(users).where(eq(users.id, userId)))[0].b;
const visitStatus = async (id: string) =>
  (await t.db.select({ s: appointments.status }).from(appointments).where(eq(appointments.id, id)))[0].s;
const cardTransfers = async (paymentId: string) =>
  (await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, paymentId))).filter((e) =>
    e.kind.startsWith('card_'),
  );

const PAID = 'This appointment is already paid.';
const CHANGED = 'This checkout changed in another tab or window. Please try again.';

describe('a checkout that loses its race', () => {
  it('to a wallet payment made meanwhile: refused as paid, its intent cancelled, the wallet taken once', async () => {
    const { patient, appointment } = await bookingWithCredit(20000);
    const cardTabHeld = holdNext('createIntent');
    const cardTab = checkout(patient.cookie, appointment.id);
    await cardTabHeld.arrived;
    // The other tab pays the whole fee from the wallet while the card tab waits for its intent.
    const wallet = await checkout(patient.cookie, appointment.id, true);
    expect(wallet.statusCode, wallet.body).toBe(200);
    // Nothing is left for a card: no secret for a card form, nothing to charge.
    expect(wallet.json()).toEqual({
      clientSecret: '',
      amount: 0,
      paymentIntentId: `wallet_${appointment.id}`,
      walletAmount: 15000,
      paidWithWallet: true,
    });
    cardTabHeld.release();
    const card = await cardTab;
    expect(card.statusCode).toBe(409);
    expect(card.json()).toMatchObject({ code: 'conflict', message: PAID });
    // The card tab's intent can never be charged; the payment is the wallet's, applied once.
    const intents = Object.values(await intentsOf(appointment.id));
    expect(intents).toEqual([{ status: 'canceled', amount: 15000 }]);
    const payment = await paymentFor(t.db, appointment.id);
    expect(payment).toMatchObject({ provider: 'wallet', status: 'succeeded', walletAmount: 15000 });
    expect(await visitStatus(appointment.id)).toBe('confirmed');
    expect(await walletOf(patient.user.id)).toBe(5000);
    expect(await cardTransfers(payment.id)).toEqual([]);
    await expectWalletInvariant(t.db);
  });

  const winnerGone = {
    'the processor cancelled': async (intentId: string) =>
      void (await createPaymentProvider(t.config, t.db).cancelIntent(intentId)),
    'the processor no longer knows': async (intentId: string) => void forgotten.add(intentId),
  };
  it.each(Object.keys(winnerGone))(
    'to another tab whose intent %s: told the checkout changed, and trying again gives a fresh one',
    async (how) => {
      const { patient, appointment } = await bookingWithCredit(5000, '11:00 AM');
      const first = await checkout(patient.cookie, appointment.id);
      const firstIntent = first.json().paymentIntentId as string;
      const slowHeld = holdNext('createIntent');
      const slowTab = checkout(patient.cookie, appointment.id, true);
      await slowHeld.arrived;
      const fastTab = await checkout(patient.cookie, appointment.id, true);
      expect(fastTab.statusCode, fastTab.body).toBe(200);
      const winner = fastTab.json().paymentIntentId as string;
      await winnerGone[how as keyof typeof winnerGone](winner);
      slowHeld.release();
      const slow = await slowTab;
      expect(slow.statusCode).toBe(409);
      expect(slow.json()).toMatchObject({ code: 'conflict', message: CHANGED });
      const intents = await intentsOf(appointment.id);
      const ours = Object.keys(intents).filter((id) => id !== firstIntent && id !== winner);
      expect(ours).toHaveLength(1);
      // The loser's own intent is cancelled; the stored checkout is still the winner's, nothing taken.
      expect(intents[ours[0]]).toEqual({ status: 'canceled', amount: 10000 });
      expect(await paymentFor(t.db, appointment.id)).toMatchObject({
        providerIntentId: winner,
        walletAmount: 5000,
        status: 'requires_payment_method',
      });
      expect(await walletOf(patient.user.id)).toBe(5000);

      const again = await checkout(patient.cookie, appointment.id, true);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toMatchObject({ amount: 10000, walletAmount: 5000 });
      expect([firstIntent, winner, ours[0]]).not.toContain(again.json().paymentIntentId);
      expect((await intentsOf(appointment.id))[again.json().paymentIntentId].status).toBe('requires_payment_method');
    },
  );

  it('a whole-wallet checkout that waits while another tab pays from the wallet is refused as paid, the wallet taken once', async () => {
    const { patient, appointment } = await bookingWithCredit(20000, '01:00 PM');
    const card = await checkout(patient.cookie, appointment.id);
    const cancelledBefore = calls.cancelIntent.length;
    // Both tabs switch the card checkout to the wallet; the first waits while cancelling the card's intent.
    const slowHeld = holdNext('cancelIntent');
    const slowTab = checkout(patient.cookie, appointment.id, true);
    await slowHeld.arrived;
    const fast = await checkout(patient.cookie, appointment.id, true);
    expect(fast.statusCode, fast.body).toBe(200);
    expect(fast.json()).toMatchObject({ paidWithWallet: true, walletAmount: 15000 });
    slowHeld.release();
    const slow = await slowTab;
    expect(slow.statusCode).toBe(409);
    expect(slow.json()).toMatchObject({ code: 'conflict', message: PAID });
    expect(await walletOf(patient.user.id)).toBe(5000);
    const payment = await paymentFor(t.db, appointment.id);
    expect(payment).toMatchObject({ provider: 'wallet', status: 'succeeded' });
    const debits = await t.db.select().from(walletEntries).where(eq(walletEntries.paymentId, payment.id));
    expect(debits.map((d) => d.amount)).toEqual([-15000]);
    expect((await intentsOf(appointment.id))[card.json().paymentIntentId].status).toBe('canceled');
    // Only the card's intent was the processor's to cancel: the wallet payment is none of its business.
    expect(calls.cancelIntent.slice(cancelledBefore)).toEqual([
      card.json().paymentIntentId,
      card.json().paymentIntentId,
    ]);
    expect(await visitStatus(appointment.id)).toBe('confirmed');
    await expectWalletInvariant(t.db);
  });
});

describe('a whole-wallet checkout replacing a card checkout', () => {
  /**
   * A card-and-wallet checkout opened while the wallet held $50; then the wallet is topped up to
   * $200, and one tab pays all from the wallet while another switches to the card alone. The wallet
   * tab waits while the processor cancels the first intent; the card tab stores a new one meanwhile.
   */
  async function walletTabOvertaken(time: string) {
    const { patient, appointment } = await bookingWithCredit(5000, time);
    const first = await checkout(patient.cookie, appointment.id, true);
    expect(first.json()).toMatchObject({ amount: 10000, walletAmount: 5000 });
    await topUp(patient.user.id, 15000);
    const walletHeld = holdNext('cancelIntent');
    const walletTab = checkout(patient.cookie, appointment.id, true);
    await walletHeld.arrived;
    const cardTab = await checkout(patient.cookie, appointment.id);
    expect(cardTab.statusCode, cardTab.body).toBe(200);
    expect(cardTab.json()).toMatchObject({ amount: 15000, walletAmount: 0 });
    return { patient, appointment, first, walletHeld, walletTab, cardTab };
  }

  it('cancels the intent another tab stored meanwhile before paying: nothing is left to charge', async () => {
    const { patient, appointment, walletHeld, walletTab, cardTab } = await walletTabOvertaken('03:30 PM');
    walletHeld.release();
    const wallet = await walletTab;
    expect(wallet.statusCode, wallet.body).toBe(200);
    expect(wallet.json()).toMatchObject({ paidWithWallet: true, walletAmount: 15000 });
    const cardIntent = cardTab.json().paymentIntentId as string;
    expect((await intentsOf(appointment.id))[cardIntent].status).toBe('canceled');
    // The card tab, still open, can no longer charge the card.
    const late = await payCard(patient.cookie, cardTab.json().clientSecret);
    expect(late.json().status).toBe('canceled');
    expect(late.json().error.message).toContain('was not charged');
    expect(Object.values(await intentsOf(appointment.id)).map((i) => i.status)).toEqual(['canceled', 'canceled']);
    expect(await paymentFor(t.db, appointment.id)).toMatchObject({ provider: 'wallet', status: 'succeeded' });
    expect(await walletOf(patient.user.id)).toBe(5000);
    await expectWalletInvariant(t.db);
  });

  it('whose checkout changes again while it cancels is told the checkout changed, and nothing is taken', async () => {
    const { patient, appointment, walletHeld, walletTab, cardTab } = await walletTabOvertaken('04:30 PM');
    const cardIntent = cardTab.json().paymentIntentId as string;
    // The wallet tab's cancellation of the card tab's intent reaches the processor; its answer is slow…
    const cancelAnswered = holdNext('cancelIntent', { answered: true });
    walletHeld.release();
    await cancelAnswered.arrived;
    // …and a third tab, finding that intent cancelled, opens a fresh card checkout.
    const third = await checkout(patient.cookie, appointment.id);
    expect(third.statusCode, third.body).toBe(200);
    expect(third.json().paymentIntentId).not.toBe(cardIntent);
    cancelAnswered.release();
    const wallet = await walletTab;
    expect(wallet.statusCode).toBe(409);
    expect(wallet.json()).toMatchObject({ code: 'conflict', message: CHANGED });
    expect(await walletOf(patient.user.id)).toBe(20000);
    expect(await paymentFor(t.db, appointment.id)).toMatchObject({
      provider: 'simulated',
      providerIntentId: third.json().paymentIntentId,
      walletAmount: 0,
      status: 'requires_payment_method',
    });
    // The third tab's checkout is the one that pays.
    expect((await payCard(patient.cookie, third.json().clientSecret)).json().status).toBe('succeeded');
    expect((await confirm(patient.cookie, third.json().paymentIntentId)).statusCode).toBe(200);
    expect(await walletOf(patient.user.id)).toBe(20000);
    await expectWalletInvariant(t.db);
  });

  it('of a hold that ran out and went to someone else meanwhile gives the wallet back, with the reason', async () => {
    const { patient, appointment, doctor } = await bookingWithCredit(20000, '05:30 PM');
    const card = await checkout(patient.cookie, appointment.id);
    expect(card.statusCode, card.body).toBe(200);
    const walletHeld = holdNext('cancelIntent');
    const walletTab = checkout(patient.cookie, appointment.id, true);
    await walletHeld.arrived;
    // The hold runs out and someone else books the slot while the wallet tab waits.
    ahead = 31 * 60_000;
    const someone = await signedInUser(t.db);
    const takeover = await book(other, someone.cookie, {
      doctorId: doctor.id,
      appointmentDate: localDate(10),
      appointmentTime: '05:30 PM',
    });
    expect(takeover.statusCode, takeover.body).toBe(201);
    walletHeld.release();
    const wallet = await walletTab;
    expect(wallet.statusCode).toBe(409);
    expect(wallet.json()).toMatchObject({
      code: 'conflict',
      message: 'This booking expired before the payment completed. Your payment is being refunded.',
    });
    expect(await visitStatus(appointment.id)).toBe('cancelled');
    const payment = await paymentFor(t.db, appointment.id);
    expect(payment).toMatchObject({ provider: 'wallet', status: 'refunded' });
    const lines = await t.db.select().from(walletEntries).where(eq(walletEntries.paymentId, payment.id));
    expect(lines.map((l) => [l.reason, l.amount])).toEqual([
      ['payment', -15000],
      ['payment_refund', 15000],
    ]);
    expect(await walletOf(patient.user.id)).toBe(20000);
    await expectWalletInvariant(t.db);
  });
});

describe('replacing a checkout that was paid meanwhile', () => {
  it('whose wallet part was spent since: refunded with the reason, not reported as paid', async () => {
    const { patient, appointment, doctor } = await bookingWithCredit(5000, '09:30 AM');
    const first = await checkout(patient.cookie, appointment.id, true);
    expect(first.json()).toMatchObject({ amount: 10000, walletAmount: 5000 });
    // The card pays this checkout, but its confirmation never arrives…
    expect((await payCard(patient.cookie, first.json().clientSecret)).json().status).toBe('succeeded');
    // …while the wallet pays part of another visit.
    const elsewhere = await book(t.app, patient.cookie, {
      doctorId: doctor.id,
      appointmentDate: localDate(11),
      appointmentTime: '10:30 AM',
    });
    const otherVisit = await checkout(patient.cookie, elsewhere.json().id, true);
    await payCard(patient.cookie, otherVisit.json().clientSecret);
    expect((await confirm(patient.cookie, otherVisit.json().paymentIntentId)).statusCode).toBe(200);
    expect(await walletOf(patient.user.id)).toBe(0);

    // A new card checkout of the first visit finds its paid intent, which can no longer be applied.
    const again = await checkout(patient.cookie, appointment.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'conflict',
      message: 'Your wallet balance changed before the payment completed. Your payment is being refunded.',
    });
    const payment = await paymentFor(t.db, appointment.id);
    expect(payment).toMatchObject({ providerIntentId: first.json().paymentIntentId, status: 'refunded' });
    expect(await visitStatus(appointment.id)).toBe('pending');
    expect(await walletOf(patient.user.id)).toBe(0);
    expect((await intentsOf(appointment.id))[first.json().paymentIntentId]).toEqual({
      status: 'succeeded',
      amount: 10000,
    });
    await expectWalletInvariant(t.db);
  });
});

describe('an open checkout', () => {
  it('with the wallet is reused while the wallet part is the same, and replaced at full price when the wallet is left out', async () => {
    const { patient, appointment } = await bookingWithCredit(5000, '02:00 PM');
    const before = calls.createIntent;
    const first = await checkout(patient.cookie, appointment.id, true);
    const second = await checkout(patient.cookie, appointment.id, true);
    expect(first.json()).toMatchObject({ amount: 10000, walletAmount: 5000, paidWithWallet: false });
    expect(second.json()).toEqual(first.json());
    expect(calls.createIntent - before).toBe(1);

    const cardOnly = await checkout(patient.cookie, appointment.id);
    expect(cardOnly.statusCode, cardOnly.body).toBe(200);
    expect(cardOnly.json()).toMatchObject({ amount: 15000, walletAmount: 0 });
    expect(cardOnly.json().paymentIntentId).not.toBe(first.json().paymentIntentId);
    expect(await intentsOf(appointment.id)).toEqual({
      [first.json().paymentIntentId]: { status: 'canceled', amount: 10000 },
      [cardOnly.json().paymentIntentId]: { status: 'requires_payment_method', amount: 15000 },
    });
    expect(await paymentFor(t.db, appointment.id)).toMatchObject({
      providerIntentId: cardOnly.json().paymentIntentId,
      walletAmount: 0,
      amount: 15000,
    });
    expect(await walletOf(patient.user.id)).toBe(5000);
    // The processor's intent names what it pays for: a webhook hands it to the appointment's handler by it.
    const [fresh] = await t.db
      .select()
      .from(simulatedPaymentIntents)
      .where(eq(simulatedPaymentIntents.id, cardOnly.json().paymentIntentId));
    expect(JSON.parse(fresh.metadata)).toEqual({
      purpose: 'appointment',
      appointmentId: appointment.id,
      patientId: patient.user.id,
    });
  });

  it('whose intent the processor no longer knows is replaced by a fresh one that pays', async () => {
    const { patient, appointment } = await bookingWithCredit(0, '03:00 PM');
    const first = await checkout(patient.cookie, appointment.id);
    forgotten.add(first.json().paymentIntentId);
    const again = await checkout(patient.cookie, appointment.id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().paymentIntentId).not.toBe(first.json().paymentIntentId);
    expect(again.json().amount).toBe(15000);
    expect((await paymentFor(t.db, appointment.id)).providerIntentId).toBe(again.json().paymentIntentId);
    expect((await payCard(patient.cookie, again.json().clientSecret)).json().status).toBe('succeeded');
    expect((await confirm(patient.cookie, again.json().paymentIntentId)).statusCode).toBe(200);
    expect(await visitStatus(appointment.id)).toBe('confirmed');
  });
});

describe('confirming', () => {
  it('a card part beside the wallet: the card pays the fee less the wallet part and the visit is confirmed', async () => {
    const { patient, appointment } = await bookingWithCredit(5000, '04:00 PM');
    const intent = await checkout(patient.cookie, appointment.id, true);
    await payCard(patient.cookie, intent.json().clientSecret);
    const res = await confirm(patient.cookie, intent.json().paymentIntentId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().appointment.status).toBe('confirmed');
    expect(await walletOf(patient.user.id)).toBe(0);
    const payment = await paymentFor(t.db, appointment.id);
    expect(payment).toMatchObject({ status: 'succeeded', amount: 15000, walletAmount: 5000 });
    expect((await cardTransfers(payment.id)).map((e) => [e.kind, e.amount]).sort()).toEqual([
      ['card_charge', -10000],
      ['card_charge', 10000],
    ]);
  });

  it('an intent the processor reports in another currency is refused, logged for support, and confirms nothing', async () => {
    const { patient, appointment } = await bookingWithCredit(0, '05:00 PM');
    const intent = await checkout(patient.cookie, appointment.id);
    const id = intent.json().paymentIntentId as string;
    await payCard(patient.cookie, intent.json().clientSecret);
    inEuros.add(id);
    const res = await confirm(patient.cookie, id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'conflict',
      message: 'The amount paid does not match the price. Please contact support.',
    });
    const payment = await paymentFor(t.db, appointment.id);
    expect(payment.status).not.toBe('succeeded');
    expect(await visitStatus(appointment.id)).toBe('pending');
    expect(await cardTransfers(payment.id)).toEqual([]);
    const said = logLines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'intent amount differs from the price');
    expect(said).toEqual([expect.objectContaining({ level: 50, paymentId: payment.id, intentAmount: 15000 })]);
  });

  it('a payment already confirmed is answered from its record, even once the processor no longer knows its intent', async () => {
    const { patient, appointment } = await bookingWithCredit(0, '10:30 AM');
    const intent = await checkout(patient.cookie, appointment.id);
    const id = intent.json().paymentIntentId as string;
    await payCard(patient.cookie, intent.json().clientSecret);
    const first = await confirm(patient.cookie, id);
    expect(first.statusCode, first.body).toBe(200);
    // A refresh of the confirmation page: the processor is not asked again.
    forgotten.add(id);
    const again = await confirm(patient.cookie, id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({
      status: 'succeeded',
      appointment: { id: appointment.id, status: 'confirmed' },
    });
  });

  it('an unpaid intent the processor no longer knows is not found, and nothing changes', async () => {
    const { patient, appointment } = await bookingWithCredit(0, '11:30 AM');
    const intent = await checkout(patient.cookie, appointment.id);
    const id = intent.json().paymentIntentId as string;
    forgotten.add(id);
    const res = await confirm(patient.cookie, id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found', message: 'Payment not found.' });
    expect(await paymentFor(t.db, appointment.id)).toMatchObject({
      providerIntentId: id,
      status: 'requires_payment_method',
    });
    expect(await visitStatus(appointment.id)).toBe('pending');
  });

  it('a card paid on a hold that ran out and went to someone else is refunded with the reason', async () => {
    const { patient, appointment, doctor } = await bookingWithCredit(0, '12:00 PM');
    const intent = await checkout(patient.cookie, appointment.id);
    const id = intent.json().paymentIntentId as string;
    // The card is charged, the confirmation is late, and the hold runs out meanwhile.
    await payCard(patient.cookie, intent.json().clientSecret);
    ahead = 31 * 60_000;
    const someone = await signedInUser(t.db);
    const closing = holdNext('cancelIntent');
    const takeover = book(other, someone.cookie, {
      doctorId: doctor.id,
      appointmentDate: localDate(10),
      appointmentTime: '12:00 PM',
    });
    // The slot is someone else's; closing the first checkout at the processor has not answered yet.
    await closing.arrived;
    const late = await confirm(patient.cookie, id);
    closing.release();
    expect((await takeover).statusCode).toBe(201);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: 'conflict',
      message: 'This booking expired before the payment completed. Your payment is being refunded.',
    });
    expect(await visitStatus(appointment.id)).toBe('cancelled');
    const payment = await paymentFor(t.db, appointment.id);
    expect(payment.status).toBe('refunded');
    expect((await cardTransfers(payment.id)).map((e) => [e.kind, e.amount]).sort()).toEqual(
      [
        ['card_charge', -15000],
        ['card_charge', 15000],
        ['card_refund_paid', -15000],
        ['card_refund_paid', 15000],
        ['card_refund_requested', -15000],
        ['card_refund_requested', 15000],
      ].sort(),
    );
    const [charged] = await t.db.select().from(simulatedPaymentIntents).where(eq(simulatedPaymentIntents.id, id));
    expect(charged.amountRefunded).toBe(15000);
  });

  it('a payment refunded since it was confirmed says it was refunded, and is not confirmed again', async () => {
    const { patient, appointment } = await bookingWithCredit(0, '09:00 AM');
    const intent = await checkout(patient.cookie, appointment.id);
    const id = intent.json().paymentIntentId as string;
    await payCard(patient.cookie, intent.json().clientSecret);
    expect((await confirm(patient.cookie, id)).statusCode).toBe(200);
    const cancelled = await other.inject({
      method: 'PATCH',
      url: `/api/appointments/${appointment.id}`,
      headers: { cookie: patient.cookie },
      payload: { status: 'cancelled' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const refunded = await paymentFor(t.db, appointment.id);
    expect(['refund_pending', 'refunded']).toContain(refunded.status);
    const again = await confirm(patient.cookie, id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'conflict', message: 'This payment was refunded.' });
    expect(await paymentFor(t.db, appointment.id)).toMatchObject({ status: refunded.status });
    expect(await visitStatus(appointment.id)).toBe('cancelled');
    await expectWalletInvariant(t.db);
  });
});
