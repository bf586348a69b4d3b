// Two checkouts of one appointment at the same moment never leave a card charge without its payment
// (the money property test found both races on PostgreSQL; PGlite runs one transaction at a time).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { book, bookableDoctor, localDate } from '../../test-support/booking-fixtures';
import { createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const card = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', postcode: '10001' };
const post = (cookie: string, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
const orphans = async () =>
  (
    (await t.db.execute(sql`select i.id from simulated_payment_intents i
      where i.status = 'succeeded' and i.amount_refunded < i.amount and not exists
        (select 1 from payments p where p.provider = 'simulated' and p.provider_intent_id = i.id)`)) as unknown as {
      rows: unknown[];
    }
  ).rows.length;

async function pendingWithWallet(walletCents: number) {
  const admin = await signedInUser(t.db, { userType: 'admin' });
  const { doctor } = await bookableDoctor(t.db);
  const patient = await signedInUser(t.db);
  await post(admin.cookie, `/api/admin/users/${patient.user.id}/wallet-credits`, { amount: walletCents, reason: 'x' });
  const booked = await book(t.app, patient.cookie, { doctorId: doctor.id, appointmentDate: localDate(5) });
  return { patient, id: booked.json().id as string };
}

it('race 1: a card checkout and a whole-wallet checkout of one appointment at once', async () => {
  let hits = 0;
  for (let i = 0; i < 10; i++) {
    const { patient, id } = await pendingWithWallet(50000);
    const [cardTab] = await Promise.all([
      post(patient.cookie, '/api/payments/create-intent', { appointmentId: id }),
      post(patient.cookie, '/api/payments/create-intent', { appointmentId: id, useWallet: true }),
    ]);
    const before = await orphans();
    await post(patient.cookie, '/api/payments/simulated/confirm-card', {
      clientSecret: cardTab.json().clientSecret,
      card,
    });
    await post(patient.cookie, '/api/payments/confirm', { paymentIntentId: cardTab.json().paymentIntentId });
    if ((await orphans()) > before) hits++;
  }
  expect(hits).toBe(0);
});

it('race 2: two wallet+card checkouts at once replace the same earlier card checkout', async () => {
  let hits = 0;
  for (let i = 0; i < 10; i++) {
    const { patient, id } = await pendingWithWallet(5000);
    await post(patient.cookie, '/api/payments/create-intent', { appointmentId: id });
    const tabs = await Promise.all([
      post(patient.cookie, '/api/payments/create-intent', { appointmentId: id, useWallet: true }),
      post(patient.cookie, '/api/payments/create-intent', { appointmentId: id, useWallet: true }),
    ]);
    const before = await orphans();
    for (const tab of tabs) {
      await post(patient.cookie, '/api/payments/simulated/confirm-card', {
        clientSecret: tab.json().clientSecret,
        card,
      });
      await post(patient.cookie, '/api/payments/confirm', { paymentIntentId: tab.json().paymentIntentId });
    }
    if ((await orphans()) > before) hits++;
  }
  expect(hits).toBe(0);
});

it('race 3: a whole-wallet payment of one visit while the same patient cancels another paid from the wallet', async () => {
  // The cancellation's refund and the payment both move the patient's wallet; each also changes an
  // appointment, which once locked the directory's one counter row mid-transaction: a deadlock, and
  // a 500 for one of the two (the soak found it).
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) {
    const admin = await signedInUser(t.db, { userType: 'admin' });
    const { doctor } = await bookableDoctor(t.db);
    const patient = await signedInUser(t.db);
    await post(admin.cookie, `/api/admin/users/${patient.user.id}/wallet-credits`, { amount: 50000, reason: 'x' });
    const paid = await book(t.app, patient.cookie, { doctorId: doctor.id, appointmentDate: localDate(5) });
    const paying = await book(t.app, patient.cookie, {
      doctorId: doctor.id,
      appointmentDate: localDate(6),
      appointmentTime: '11:00 AM',
    });
    const first = await post(patient.cookie, '/api/payments/create-intent', {
      appointmentId: paid.json().id,
      useWallet: true,
    });
    expect(first.json().paidWithWallet).toBe(true);
    const [pay, cancel] = await Promise.all([
      post(patient.cookie, '/api/payments/create-intent', { appointmentId: paying.json().id, useWallet: true }),
      t.app.inject({
        method: 'PATCH',
        url: `/api/appointments/${paid.json().id}`,
        headers: { cookie: patient.cookie },
        payload: { status: 'cancelled' },
      }),
    ]);
    statuses.push(pay.statusCode, cancel.statusCode);
  }
  expect(statuses.filter((s) => s >= 500)).toEqual([]);
  expect(new Set(statuses)).toEqual(new Set([200]));
});
