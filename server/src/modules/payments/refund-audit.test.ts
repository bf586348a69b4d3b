import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema';
import { paymentFor, payWithCard, pendingBooking } from '../../test-support/booking-fixtures';
import { cookieFor, createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';

/*
 * The audit trail of refunds (payments/subscribers.ts): a refund made from the console is recorded
 * with who made it, the payment, its patient and what it did to the payment (succeeded →
 * refund_pending, and how much); a cancellation by the patient or the doctor refunds through the
 * same path but is not an administrator's act, so it records no console refund.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const auditOf = (paymentId: string) => t.db.select().from(auditEvents).where(eq(auditEvents.targetId, paymentId));

describe('the audit of a refund', () => {
  it('from the console names the administrator, the payment, its patient, and the move with its amount', async () => {
    const { patient, appointment } = await pendingBooking(t.app, t.db);
    await payWithCard(t.app, patient.cookie, appointment.id);
    const payment = await paymentFor(t.db, appointment.id);
    const admin = await signedInUser(t.db, { userType: 'admin' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${payment.id}/refund`,
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const audit = await auditOf(payment.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'payment.refund',
      actorId: admin.user.id,
      actorRole: 'admin',
      targetType: 'payment',
      targetId: payment.id,
      subjectUserId: patient.user.id,
      before: { status: 'succeeded' },
      after: { status: 'refund_pending', amount: appointment.fee },
    });
  });

  it('of a cancellation by the patient or by the doctor records no console refund', async () => {
    const own = await pendingBooking(t.app, t.db);
    await payWithCard(t.app, own.patient.cookie, own.appointment.id);
    const cancelled = await t.app.inject({
      method: 'PATCH',
      url: `/api/appointments/${own.appointment.id}`,
      headers: { cookie: own.patient.cookie },
      payload: { status: 'cancelled' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const theirs = await pendingBooking(t.app, t.db);
    await payWithCard(t.app, theirs.patient.cookie, theirs.appointment.id);
    const doctor = await cookieFor(t.db, theirs.doctorUser);
    const byDoctor = await t.app.inject({
      method: 'POST',
      url: `/api/doctor/appointments/${theirs.appointment.id}/cancel`,
      headers: { cookie: doctor },
      payload: { reason: 'I am unwell that day.' },
    });
    expect(byDoctor.statusCode, byDoctor.body).toBe(200);

    for (const { appointment } of [own, theirs]) {
      const payment = await paymentFor(t.db, appointment.id);
      expect(payment.status).toBe('refunded');
      expect((await auditOf(payment.id)).filter((a) => a.action === 'payment.refund')).toEqual([]);
    }
  });
});
