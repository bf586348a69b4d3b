import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANCEL_WINDOW_HOURS } from '@common/constants/platform';
import { appointments } from '../../db/schema';
import { doctorCancels, paymentFor, payWithCard, pendingBooking } from '../../test-support/booking-fixtures';
import { createTestApp, type TestContext } from '../../test-support/test-app';

/*
 * Who cancels decides the refund (payments/subscribers.ts): the patient's rule (in full only while
 * the patient may still change the booking) is the patient's alone. A doctor who cancels a paid
 * visit, even an hour before it, gives all of it back.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a doctor cancelling a paid visit inside the patient’s cancellation window', () => {
  it('refunds the patient in full', async () => {
    const { patient, appointment, doctorUser } = await pendingBooking(t.app, t.db);
    await payWithCard(t.app, patient.cookie, appointment.id);
    // The visit is now an hour away: too close for the patient to cancel with a refund.
    const soon = new Date(Date.now() + 3_600_000);
    expect(CANCEL_WINDOW_HOURS).toBeGreaterThan(1);
    await t.db.update(appointments).set({ startsAt: soon }).where(eq(appointments.id, appointment.id));
    const res = await doctorCancels(t.app, t.db, appointment.id, doctorUser);
    expect(res.statusCode, res.body).toBe(200);
    expect(await paymentFor(t.db, appointment.id)).toMatchObject({
      status: 'refunded',
      refundedAmount: appointment.fee,
    });
  });
});
