import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UNPAID_BOOKINGS } from '@common/constants/platform';
import { payments } from '../../db/schema';
import { book, bookableDoctor, localDate } from '../../test-support/booking-fixtures';
import { createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';

let t: TestContext;
let now = new Date();
const later = (minutes: number) => (now = new Date(now.getTime() + minutes * 60_000));
beforeAll(async () => {
  t = await createTestApp({}, { clock: { now: () => now } });
});
afterAll(() => t.close());

const intentFor = (cookie: string, appointmentId: string) =>
  t.app.inject({ method: 'POST', url: '/api/payments/create-intent', headers: { cookie }, payload: { appointmentId } });

describe('unpaid bookings cannot hold a doctor’s calendar', () => {
  it(`stops a patient at ${MAX_UNPAID_BOOKINGS} unpaid bookings`, async () => {
    const { doctor } = await bookableDoctor(t.db);
    const me = await signedInUser(t.db);
    const times = ['09:00 AM', '09:30 AM', '10:00 AM', '10:30 AM', '11:00 AM'];
    const statuses: number[] = [];
    for (const appointmentTime of times) {
      const res = await book(t.app, me.cookie, { doctorId: doctor.id, appointmentDate: localDate(8), appointmentTime });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array(MAX_UNPAID_BOOKINGS).fill(201), ...Array(5 - MAX_UNPAID_BOOKINGS).fill(409)]);
  });

  it('does not renew a hold when the payment intent is fetched again', async () => {
    const { doctor } = await bookableDoctor(t.db);
    const first = await signedInUser(t.db);
    const slot = { doctorId: doctor.id, appointmentDate: localDate(9), appointmentTime: '02:00 PM' };
    const held = await book(t.app, first.cookie, slot);
    expect(held.statusCode).toBe(201);
    later(20);
    expect((await intentFor(first.cookie, held.json().id)).statusCode).toBe(200);
    later(20);
    expect((await intentFor(first.cookie, held.json().id)).statusCode).toBe(200);
    const second = await signedInUser(t.db);
    expect((await book(t.app, second.cookie, slot)).statusCode).toBe(201);
  });

  it('lets a payment stuck in requires_action or canceled hold the slot no longer than the hold', async () => {
    for (const stuck of ['requires_action', 'canceled'] as const) {
      const { doctor } = await bookableDoctor(t.db);
      const first = await signedInUser(t.db);
      const slot = { doctorId: doctor.id, appointmentDate: localDate(11), appointmentTime: '03:00 PM' };
      const held = await book(t.app, first.cookie, slot);
      expect((await intentFor(first.cookie, held.json().id)).statusCode).toBe(200);
      await t.db.update(payments).set({ status: stuck }).where(eq(payments.appointmentId, held.json().id));
      later(31);
      const second = await signedInUser(t.db);
      expect((await book(t.app, second.cookie, slot)).statusCode, stuck).toBe(201);
    }
  });
});
