import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_FEE_PERCENT, platformCommission } from '@common/constants/platform';
import { createAppointment, createDoctor, createPayment, createUser } from '../../db/factories';
import { appointments, earnings, payments, payouts } from '../../db/schema';
import { cookieFor, createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';
import { expectLedgerInvariant } from '../../test-support/ledger-invariant';
import { recordPendingEarning, releaseEarning, reverseEarning, reverseEarningForRefund } from './transitions';

/**
 * The ledger invariant after a sequence of bookings, refunds, completions and payouts. Payment,
 * refund and completion are played here through their effects on the tables and the earning
 * transitions they use (paid → pending; refunded → reversed; consultation ended → available);
 * payouts go through this module's API.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Doc = Awaited<ReturnType<typeof createDoctor>> & { cookie: string };
let slot = 0;

async function newDoctor(): Promise<Doc> {
  const d = await createDoctor(t.db, { doctor: { payoutAccountLast4: null } });
  return { ...d, cookie: await cookieFor(t.db, d.user) };
}

async function bookAndPay(doctor: Doc, fee: number) {
  const patient = await createUser(t.db);
  const appt = await createAppointment(t.db, {
    patientId: patient.id,
    doctorId: doctor.doctor.id,
    fee,
    status: 'confirmed',
    startsAt: new Date(Date.UTC(2030, 0, 1) + ++slot * 3_600_000),
  });
  const payment = await createPayment(t.db, {
    appointmentId: appt.id,
    patientId: patient.id,
    purpose: 'appointment',
    amount: fee,
    status: 'succeeded',
  });
  await recordPendingEarning(t.db, {
    doctorId: doctor.doctor.id,
    appointmentId: appt.id,
    paymentId: payment.id,
    gross: fee,
    feePercent: PLATFORM_FEE_PERCENT,
  });
  return appt.id;
}

/** The payment's two refund moves; a visit still to come is cancelled, one that took place stays completed. */
async function refund(appointmentId: string) {
  await t.db.update(payments).set({ status: 'refund_pending' }).where(eq(payments.appointmentId, appointmentId));
  await t.db
    .update(payments)
    .set({ status: 'refunded', refundedAmount: sql`${payments.amount}` })
    .where(eq(payments.appointmentId, appointmentId));
  await t.db
    .update(appointments)
    .set({ status: 'cancelled', cancelledAt: new Date() })
    .where(and(eq(appointments.id, appointmentId), eq(appointments.status, 'confirmed')));
  await reverseEarning(t.db, appointmentId);
}

async function complete(appointmentId: string) {
  await t.db.update(appointments).set({ status: 'completed' }).where(eq(appointments.id, appointmentId));
  await releaseEarning(t.db, appointmentId);
}

const requestPayout = (doctor: Doc, body: object = {}) =>
  t.app.inject({ method: 'POST', url: '/api/doctor/payouts', headers: { cookie: doctor.cookie }, payload: body });
const get = async (doctor: Doc, url: string) =>
  (await t.app.inject({ url, headers: { cookie: doctor.cookie } })).json();

/** The same invariant as a doctor sees it through the API. */
async function expectApiInvariant(doctor: Doc) {
  const stats = await get(doctor, '/api/doctor/earnings/stats');
  const list: { amount: number; status: string }[] = await get(doctor, '/api/doctor/payouts');
  const paidOut = list.filter((p) => p.status !== 'failed').reduce((s, p) => s + p.amount, 0);
  expect(paidOut + stats.availableEarnings + stats.pendingEarnings).toBe(stats.totalEarnings);
  expect(stats.inPayoutEarnings + stats.paidEarnings).toBe(paidOut);
}

describe('earnings ledger', () => {
  it('keeps the invariant through bookings, refunds, completions and payouts', async () => {
    const a = await newDoctor();
    const b = await newDoctor();
    const ids: string[] = [];
    for (const fee of [15000, 12050, 9999, 20001, 5000]) ids.push(await bookAndPay(a, fee));
    const b1 = await bookAndPay(b, 33333);
    await expectLedgerInvariant(t.db);

    await refund(ids[1]);
    await complete(ids[0]);
    await complete(ids[2]);
    await complete(b1);
    await expectLedgerInvariant(t.db);
    await expectApiInvariant(a);

    // Nothing may be paid out without the account's last four digits.
    const noAccount = await requestPayout(a);
    expect(noAccount.statusCode).toBe(400);
    expect(noAccount.json().fields.bankAccountLast4).toBeTruthy();

    const first = await requestPayout(a, { bankAccountLast4: '4321' });
    expect(first.statusCode).toBe(201);
    const expectedFirst = 15000 - platformCommission(15000) + 9999 - platformCommission(9999);
    expect(first.json()).toMatchObject({
      amount: expectedFirst,
      status: 'pending',
      payoutMethod: 'bank_transfer',
      bankAccount: '****4321',
    });
    await expectLedgerInvariant(t.db);
    await expectApiInvariant(a);

    // Nothing left available → 400, and no empty payout row is left behind.
    const empty = await requestPayout(a);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('You have no available earnings to pay out yet.');
    expect((await t.db.select().from(payouts).where(eq(payouts.doctorId, a.doctor.id))).length).toBe(1);

    // A refund after completion does not touch an earning that is no longer pending.
    await complete(ids[3]);
    await refund(ids[4]);
    await refund(ids[0]);
    const second = await requestPayout(a, { bankAccountLast4: '9999' });
    expect(second.json()).toMatchObject({ amount: 20001 - platformCommission(20001), bankAccount: '****4321' });

    // The first payout is sent: its earnings become paid. (Through the console: the database
    // refuses a payout marked paid without its ledger transfer, decision 072.)
    const admin = await signedInUser(t.db, { userType: 'admin' });
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payouts/${first.json().id}/paid`,
      headers: { cookie: admin.cookie },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await expectLedgerInvariant(t.db);
    await expectApiInvariant(a);
    await expectApiInvariant(b);

    const stats = await get(a, '/api/doctor/earnings/stats');
    expect(stats).toMatchObject({
      pendingEarnings: 0,
      availableEarnings: 0,
      paidEarnings: expectedFirst,
      inPayoutEarnings: 20001 - platformCommission(20001),
      payoutAccountLast4: '4321',
    });
    const list = await get(a, '/api/doctor/earnings');
    expect(list).toHaveLength(5);
    expect(list.filter((e: { status: string }) => e.status === 'reversed')).toHaveLength(2);
  });

  it('moves an earning only from the status its transition starts at, and only once', async () => {
    const d = await newDoctor();
    const id = await bookAndPay(d, 10000);
    expect(await releaseEarning(t.db, id)).toHaveLength(1);
    expect(await releaseEarning(t.db, id)).toHaveLength(0);
    // Available money is the doctor's: a later refund does not take it back.
    expect(await reverseEarning(t.db, id)).toHaveLength(0);
    const [row] = await t.db.select().from(earnings).where(eq(earnings.appointmentId, id));
    expect(row.status).toBe('available');
  });

  it('takes back a refunded share whether pending or already available, never one in a payout', async () => {
    const d = await newDoctor();
    const statusOf = async (id: string) =>
      (await t.db.select().from(earnings).where(eq(earnings.appointmentId, id)))[0].status;
    const upcoming = await bookAndPay(d, 10000);
    expect(await reverseEarningForRefund(t.db, upcoming)).toHaveLength(1);
    expect(await statusOf(upcoming)).toBe('reversed');
    const seen = await bookAndPay(d, 12000);
    await complete(seen);
    expect(await reverseEarningForRefund(t.db, seen)).toHaveLength(1);
    expect(await statusOf(seen)).toBe('reversed');

    const paidOut = await bookAndPay(d, 14000);
    await complete(paidOut);
    expect((await requestPayout(d, { bankAccountLast4: '4444' })).statusCode).toBe(201);
    expect(await reverseEarningForRefund(t.db, paidOut)).toEqual([]);
    expect(await statusOf(paidOut)).toBe('in_payout');
  });

  it('pays each available earning once when two payout requests race', async () => {
    const d = await newDoctor();
    for (const fee of [10000, 20000, 30000]) await complete(await bookAndPay(d, fee));
    const results = await Promise.all([
      requestPayout(d, { bankAccountLast4: '1111' }),
      requestPayout(d, { bankAccountLast4: '1111' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    const rows = await t.db.select().from(payouts).where(eq(payouts.doctorId, d.doctor.id));
    expect(rows.map((p) => p.amount)).toEqual([
      60000 - platformCommission(10000) - platformCommission(20000) - platformCommission(30000),
    ]);
    await expectLedgerInvariant(t.db);
  });

  it('shows a doctor only their own earnings and payouts', async () => {
    const mine = await newDoctor();
    const theirs = await newDoctor();
    await complete(await bookAndPay(theirs, 25000));
    await requestPayout(theirs, { bankAccountLast4: '2222' });
    await bookAndPay(theirs, 10000);
    expect(await get(mine, '/api/doctor/earnings')).toEqual([]);
    expect(await get(mine, '/api/doctor/payouts')).toEqual([]);
    expect(await get(mine, '/api/doctor/earnings/stats')).toMatchObject({
      totalEarnings: 0,
      pendingEarnings: 0,
      payoutAccountLast4: null,
    });
    expect(await get(theirs, '/api/doctor/earnings')).toHaveLength(2);
    expect((await requestPayout(mine, { bankAccountLast4: '3333' })).statusCode).toBe(400);
  });

  it('shows a doctor account with no profile yet an empty ledger, and pays it nothing', async () => {
    const applicant = await createUser(t.db, { userType: 'doctor' });
    const cookie = await cookieFor(t.db, applicant);
    const read = async (url: string) => {
      const reply = await t.app.inject({ url, headers: { cookie } });
      expect(reply.statusCode, url).toBe(200);
      return reply.json();
    };
    expect(await read('/api/doctor/earnings')).toEqual([]);
    expect(await read('/api/doctor/payouts')).toEqual([]);
    expect(await read('/api/doctor/earnings/stats')).toEqual({
      totalEarnings: 0,
      pendingEarnings: 0,
      availableEarnings: 0,
      inPayoutEarnings: 0,
      paidEarnings: 0,
      payoutAccountLast4: null,
    });
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/doctor/payouts',
      headers: { cookie },
      payload: { bankAccountLast4: '5555' },
    });
    expect(asked.statusCode).toBe(400);
  });

  it('keeps the ledger to doctors, and to the last 100 rows at most', async () => {
    const patient = await createUser(t.db, { userType: 'patient' });
    const cookie = await cookieFor(t.db, patient);
    for (const url of ['/api/doctor/earnings', '/api/doctor/payouts', '/api/doctor/earnings/stats']) {
      expect((await t.app.inject({ url, headers: { cookie } })).statusCode).toBe(403);
    }
    const d = await newDoctor();
    expect(
      (await t.app.inject({ url: '/api/doctor/earnings?limit=500', headers: { cookie: d.cookie } })).statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ url: '/api/doctor/earnings?limit=5', headers: { cookie: d.cookie } })).statusCode,
    ).toBe(200);
  });
});
