import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments } from '../db/schema';
import { createDoctor } from '../db/factories';
import { payWithCard, pendingBooking } from '../test-support/booking-fixtures';
import { cookieFor, createTestApp, signedInUser, type TestContext } from '../test-support/test-app';

/*
 * At the routes, what the policy refuses does not exist: another patient, another doctor and an
 * administrator get 404 — never 403, which would tell them the record is there — and nothing
 * changes. The parties themselves get through (so the 404 is the policy's, not a broken route).
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function strangers() {
  const patient = await signedInUser(t.db);
  const { user: doctorUser } = await createDoctor(t.db);
  const admin = await signedInUser(t.db, { userType: 'admin' });
  return [
    ['another patient', patient.cookie],
    ['another doctor', await cookieFor(t.db, doctorUser)],
    ['an administrator', admin.cookie],
  ] as const;
}

const call = (cookie: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, payload });

describe('not yours is 404, not 403', () => {
  it("an appointment and its calendar file: read by its two parties, 404 for anyone else's", async () => {
    const { appointment, patient, doctorUser } = await pendingBooking(t.app, t.db);
    const doctorCookie = await cookieFor(t.db, doctorUser);
    for (const cookie of [patient.cookie, doctorCookie]) {
      expect((await call(cookie, 'GET', `/api/appointments/${appointment.id}`)).statusCode).toBe(200);
    }
    for (const [who, cookie] of await strangers()) {
      for (const url of [`/api/appointments/${appointment.id}`, `/api/appointments/${appointment.id}/calendar.ics`]) {
        const res = await call(cookie, 'GET', url);
        expect(res.statusCode, `${who}: ${url}`).toBe(404);
      }
    }
  });

  it("cancelling someone else's appointment, as patient or as doctor, is 404 and changes nothing", async () => {
    const { appointment, patient } = await pendingBooking(t.app, t.db);
    await payWithCard(t.app, patient.cookie, appointment.id);
    const [before] = await t.db.select().from(appointments).where(eq(appointments.id, appointment.id));
    expect(before.status).toBe('confirmed');
    for (const [who, cookie] of await strangers()) {
      const asPatient = await call(cookie, 'PATCH', `/api/appointments/${appointment.id}`, { status: 'cancelled' });
      expect(asPatient.statusCode, `${who} cancelling as the patient`).toBe(404);
      const asDoctor = await call(cookie, 'POST', `/api/doctor/appointments/${appointment.id}/cancel`, {
        reason: 'Not mine to cancel',
      });
      // Only a doctor reaches the doctor's route (a role check, 403 whatever the id); a doctor who
      // is not this appointment's is told it does not exist.
      expect(asDoctor.statusCode, `${who} cancelling as the doctor`).toBe(who === 'another doctor' ? 404 : 403);
    }
    const [after] = await t.db.select().from(appointments).where(eq(appointments.id, appointment.id));
    expect(after.status).toBe('confirmed');
    expect(after.updatedAt).toEqual(before.updatedAt);
  });

  it("someone else's receipt is 404", async () => {
    const { appointment, patient } = await pendingBooking(t.app, t.db);
    await payWithCard(t.app, patient.cookie, appointment.id);
    const mine = (await call(patient.cookie, 'GET', '/api/receipts')).json() as { id: string }[];
    expect(mine).toHaveLength(1);
    expect((await call(patient.cookie, 'GET', `/api/receipts/${mine[0].id}/pdf`)).statusCode).toBe(200);
    for (const [who, cookie] of await strangers()) {
      expect((await call(cookie, 'GET', `/api/receipts/${mine[0].id}/pdf`)).statusCode, who).toBe(404);
      expect((await call(cookie, 'GET', '/api/receipts')).json(), who).toEqual([]);
    }
  });
});
