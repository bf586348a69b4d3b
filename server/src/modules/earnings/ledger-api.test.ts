import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformCommission } from '@common/constants/platform';
import { wallClock } from '@common/rules/zoned-time';
import { createDoctor } from '../../db/factories';
import { appointments, earnings } from '../../db/schema';
import { cookieFor, createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';
import { expectLedgerInvariant } from '../../test-support/ledger-invariant';
import { bothInRoom } from '../../test-support/presence';
import { keepOldSlots } from '../../test-support/booking-fixtures';

/**
 * The same invariant, driven through the other issues' real endpoints: booking and card payment
 * (booking and payment), cancellation with refund, consultation start and end, and this
 * module's payouts. Only the appointment's start is moved to "now" so the room may open, and both
 * participants' presence in the room is written as their sockets would.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const FEE = 15000;
const TEST_CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', postcode: '10001' };

async function call(cookie: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
  const res = await t.app.inject({ method, url, headers: { cookie }, payload });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
}

describe('ledger through the booking, payment, cancellation and consultation APIs', () => {
  it('keeps payouts + available + pending equal to net earnings at every step', async () => {
    const hasApis = ['/api/appointments', '/api/payments/confirm', '/api/consultations/:id/end'].every((url) =>
      t.app.routeTable.some((r) => r.url === url),
    );
    expect(hasApis, 'booking, payment and consultation routes are registered').toBe(true);

    const { doctor, user } = await createDoctor(t.db, {
      doctor: { timeZone: 'UTC', consultationFee: FEE, videoCallFee: FEE },
    });
    await keepOldSlots(t.db, doctor);
    const doctorCookie = await cookieFor(t.db, user);
    const patient = await signedInUser(t.db);
    const inThreeDays = wallClock(new Date(Date.now() + 3 * 86_400_000), 'UTC').date;

    const bookAndPay = async (time: string) => {
      const appt = await call(patient.cookie, 'POST', '/api/appointments', {
        doctorId: doctor.id,
        appointmentDate: inThreeDays,
        appointmentTime: time,
        consultationType: 'video',
        reasonForVisit: 'Check-up',
      });
      const intent = await call(patient.cookie, 'POST', '/api/payments/create-intent', { appointmentId: appt.id });
      const card = await call(patient.cookie, 'POST', '/api/payments/simulated/confirm-card', {
        clientSecret: intent.clientSecret,
        card: TEST_CARD,
      });
      await call(patient.cookie, 'POST', '/api/payments/confirm', { paymentIntentId: card.paymentIntentId });
      return appt.id as string;
    };
    const complete = async (id: string, minutesAgo: number) => {
      await t.db
        .update(appointments)
        .set({ startsAt: new Date(Date.now() - minutesAgo * 60_000) })
        .where(eq(appointments.id, id));
      await bothInRoom(t.db, { id, doctorUserId: user.id, patientId: patient.user.id });
      await call(doctorCookie, 'POST', `/api/consultations/${id}/start`);
      await call(doctorCookie, 'POST', `/api/consultations/${id}/end`);
    };
    const statusOf = async (id: string) =>
      (await t.db.select().from(earnings).where(eq(earnings.appointmentId, id)))[0]?.status;

    const ids = [];
    for (const time of ['09:00 AM', '09:30 AM', '10:00 AM', '10:30 AM']) ids.push(await bookAndPay(time));
    expect(await statusOf(ids[0])).toBe('pending');
    await expectLedgerInvariant(t.db);

    await call(patient.cookie, 'PATCH', `/api/appointments/${ids[1]}`, { status: 'cancelled' });
    expect(await statusOf(ids[1])).toBe('reversed');
    await complete(ids[0], 1);
    await complete(ids[2], 2);
    expect(await statusOf(ids[0])).toBe('available');
    await expectLedgerInvariant(t.db);

    const payout = await call(doctorCookie, 'POST', '/api/doctor/payouts', { bankAccountLast4: '0042' });
    expect(payout.amount).toBe(2 * (FEE - platformCommission(FEE)));
    await expectLedgerInvariant(t.db);

    const stats = await call(doctorCookie, 'GET', '/api/doctor/earnings/stats');
    expect(stats).toMatchObject({
      totalEarnings: 3 * (FEE - platformCommission(FEE)),
      pendingEarnings: FEE - platformCommission(FEE),
      availableEarnings: 0,
      inPayoutEarnings: payout.amount,
    });
  });
});
