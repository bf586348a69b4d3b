import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/clock';
import { createAppointment } from '../../db/factories';
import { doctorSchedules } from '../../db/schema';
import { bookableDoctor } from '../../test-support/booking-fixtures';
import { createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';

// 07:00 in New York; the doctor keeps one half-hour slot a day, at 09:00, all taken.
const START = new Date('2026-12-02T12:00:00Z');
const clock = fixedClock(START);
const slotOn = (day: number) => new Date(`2026-12-0${day}T14:00:00Z`);

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(async () => t?.close());

describe('the hold a waitlist offer names in My Appointments', () => {
  it('is the offer’s 15 minutes, ending when the offer does; a booking of one’s own keeps 30', async () => {
    const filler = await signedInUser(t.db, { firstName: 'Filler', lastName: 'Holds' });
    const ana = await signedInUser(t.db, { firstName: 'Ana', lastName: 'Holds' });
    const { doctor, cookie: doctorCookie } = await bookableDoctor(t.db, {
      user: { firstName: 'Dana', lastName: 'Hold' },
    });
    const day = [{ start: '09:00', end: '09:30' }];
    await t.db
      .update(doctorSchedules)
      .set({ weekly: { mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: day } })
      .where(eq(doctorSchedules.doctorId, doctor.id));
    const taken = await Promise.all(
      [3, 4, 5].map((d) =>
        createAppointment(t.db, {
          patientId: filler.user.id,
          doctorId: doctor.id,
          startsAt: slotOn(d),
          status: 'confirmed',
          durationMinutes: 30,
          timeZone: 'America/New_York',
        }),
      ),
    );
    const as = (c: string) => ({ cookie: c });
    const joined = await t.app.inject({
      method: 'POST',
      url: '/api/waitlist',
      headers: as(ana.cookie),
      payload: { doctorId: doctor.id, consultationType: 'video', before: '2026-12-06' },
    });
    expect(joined.statusCode).toBe(201);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/doctor/appointments/${taken[1].id}/cancel`,
      headers: as(doctorCookie),
      payload: { reason: 'Called away' },
    });
    expect(cancelled.statusCode).toBe(200);

    const [entry] = (await t.app.inject({ method: 'GET', url: '/api/waitlist', headers: as(ana.cookie) })).json();
    expect(entry.status).toBe('offered');
    const mine = (
      await t.app.inject({ method: 'GET', url: '/api/appointments/patient', headers: as(ana.cookie) })
    ).json();
    const offered = mine.find((a: { id: string }) => a.id === entry.offer.appointmentId);
    expect(offered.status).toBe('pending');
    expect(offered.slotHold).toEqual({ minutes: 15, endsAt: entry.offer.expiresAt });
    expect(Date.parse(offered.slotHold.endsAt) - Date.parse(offered.createdAt)).toBe(15 * 60_000);

    // A booking of Ana's own, unpaid, keeps its slot 30 minutes from when it was made.
    const own = await createAppointment(t.db, {
      patientId: ana.user.id,
      doctorId: doctor.id,
      startsAt: slotOn(6),
      status: 'pending',
      durationMinutes: 30,
      timeZone: 'America/New_York',
    });
    const again = (
      await t.app.inject({ method: 'GET', url: '/api/appointments/patient', headers: as(ana.cookie) })
    ).json();
    expect(again.find((a: { id: string }) => a.id === own.id).slotHold).toEqual({
      minutes: 30,
      endsAt: new Date(own.createdAt.getTime() + 30 * 60_000).toISOString(),
    });

    // The filler's paid visits, and the one the doctor cancelled, name no hold.
    const theirs = (
      await t.app.inject({ method: 'GET', url: '/api/appointments/patient', headers: as(filler.cookie) })
    ).json();
    expect(theirs.map((a: { slotHold: unknown }) => a.slotHold)).toEqual([null, null, null]);
  });
});
