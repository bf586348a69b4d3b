import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppointment, createDoctor, createPayment, createUser } from '../../db/factories';
import { ledgerEntries, payouts } from '../../db/schema';
import { cookieFor, createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';
import { recordPendingEarning, releaseEarning } from './transitions';
import { refusal } from '../../test-support/refusal';

/**
 * Issue 38, item 2: a payout is exactly the earnings it pays. The console posts `payouts.amount`,
 * and the database refuses at commit a pending or paid payout whose amount is not its earnings, a
 * payout of nothing, and a payout marked paid without the ledger transfer of that amount.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let slot = 0;
/** A doctor with one available earning of `fee` and a pending payout of it (through the API). */
async function pendingPayout(fee: number) {
  const d = await createDoctor(t.db, { doctor: { payoutAccountLast4: '4242' } });
  const patient = await createUser(t.db);
  const appointment = await createAppointment(t.db, {
    patientId: patient.id,
    doctorId: d.doctor.id,
    startsAt: new Date(Date.UTC(2031, 0, 1, 9) + slot++ * 3_600_000),
    fee,
    status: 'completed',
  });
  const payment = await createPayment(t.db, {
    appointmentId: appointment.id,
    patientId: patient.id,
    purpose: 'appointment',
    amount: fee,
    status: 'succeeded',
  });
  await recordPendingEarning(t.db, {
    doctorId: d.doctor.id,
    appointmentId: appointment.id,
    paymentId: payment.id,
    gross: fee,
    feePercent: 10,
  });
  await releaseEarning(t.db, appointment.id);
  const cookie = await cookieFor(t.db, d.user);
  const res = await t.app.inject({ method: 'POST', url: '/api/doctor/payouts', headers: { cookie }, payload: {} });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id as string, amount: res.json().amount as number, doctorId: d.doctor.id };
}

describe('a payout is exactly the earnings it pays', () => {
  it('a pending payout whose amount is changed is refused at commit', async () => {
    const payout = await pendingPayout(10000);
    const why = await refusal(
      t.db
        .update(payouts)
        .set({ amount: payout.amount + 1 })
        .where(eq(payouts.id, payout.id)),
    );
    expect(why).toMatch(/does not equal its earnings/);
    expect((await t.db.select().from(payouts).where(eq(payouts.id, payout.id)))[0].amount).toBe(payout.amount);
  });

  it('a payout of no earnings is refused: it can never become paid with no transfer', async () => {
    const d = await createDoctor(t.db);
    const why = await refusal(
      t.db.insert(payouts).values({ doctorId: d.doctor.id, amount: 0, status: 'paid', paidAt: new Date() }),
    );
    expect(why).toMatch(/does not equal its earnings/);
    const why2 = await refusal(t.db.insert(payouts).values({ doctorId: d.doctor.id, amount: 500, status: 'pending' }));
    expect(why2).toMatch(/does not equal its earnings/);
  });

  it('a payout marked paid without its ledger transfer is refused at commit', async () => {
    const payout = await pendingPayout(12000);
    const why = await refusal(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`update earnings set status = 'paid' where payout_id = ${payout.id}`);
        await tx.update(payouts).set({ status: 'paid', paidAt: new Date() }).where(eq(payouts.id, payout.id));
      }),
    );
    expect(why).toMatch(/moved 0 in the ledger/);
    expect((await t.db.select().from(payouts).where(eq(payouts.id, payout.id)))[0].status).toBe('pending');
  });

  it('the console pays payouts.amount and the ledger moves exactly that', async () => {
    const payout = await pendingPayout(15000);
    const admin = await signedInUser(t.db, { userType: 'admin' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payouts/${payout.id}/paid`,
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const legs = await t.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transferKey, `payout:${payout.id}`));
    expect(legs.map((l) => [l.account, l.amount])).toEqual([
      [`doctor_payable:${payout.doctorId}`, -payout.amount],
      [`doctor_paid_out:${payout.doctorId}`, payout.amount],
    ]);
  });
});
