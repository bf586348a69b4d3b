import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppointment } from '../db/factories';
import { sessions } from '../db/schema';
import { bookableDoctor, localDate } from '../test-support/booking-fixtures';
import { createTestApp, signedInUser, type TestContext } from '../test-support/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('calendar files cannot be injected into', () => {
  it('escapes a lone carriage return stored in a reason for visit', async () => {
    const { doctor } = await bookableDoctor(t.db);
    const me = await signedInUser(t.db);
    const appointment = await createAppointment(t.db, {
      patientId: me.user.id,
      doctorId: doctor.id,
      startsAt: new Date(Date.now() + 5 * 86_400_000),
      status: 'confirmed',
      reasonForVisit: 'Cough\rATTENDEE:mailto:attacker@example.com',
    });
    const res = await t.app.inject({
      url: `/api/appointments/${appointment.id}/calendar.ics`,
      headers: { cookie: me.cookie },
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body.split('\r\n');
    expect(lines.some((line) => line.startsWith('ATTENDEE'))).toBe(false);
    expect(res.body.replaceAll('\r\n', '')).not.toContain('\r');
  });
});

describe('an unverified doctor has no public calendar', () => {
  it('answers availability for an unverified doctor with 404', async () => {
    const { doctor } = await bookableDoctor(t.db, { doctor: { isVerified: false } });
    const me = await signedInUser(t.db);
    const res = await t.app.inject({
      url: `/api/doctors/${doctor.id}/availability?date=${localDate(3)}`,
      headers: { cookie: me.cookie },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('sessions have an absolute lifetime', () => {
  it('ends a session 30 days after sign-in even when it was used every day', async () => {
    const me = await signedInUser(t.db);
    await t.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 31 * 86_400_000), lastSeenAt: new Date() })
      .where(eq(sessions.userId, me.user.id));
    const res = await t.app.inject({ url: '/api/auth/user', headers: { cookie: me.cookie } });
    expect(res.statusCode).toBe(401);
  });
});
