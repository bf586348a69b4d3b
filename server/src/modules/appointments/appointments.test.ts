import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wallClock, zonedInstant } from '@common/rules/zoned-time';
import { createAppointment, createPayment } from '../../db/factories';
import { appointments, doctors, earnings, notifications } from '../../db/schema';
import {
  book,
  bookableDoctor,
  localDate,
  paymentFor,
  payWithCard,
  pendingBooking,
} from '../../test-support/booking-fixtures';
import { createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/doctors/:id/availability', () => {
  it("returns the 18 slots in the doctor's zone with their UTC instants", async () => {
    const { doctor } = await bookableDoctor(t.db);
    const me = await signedInUser(t.db);
    const date = localDate(40);
    const res = await t.app.inject({
      url: `/api/doctors/${doctor.id}/availability?date=${date}`,
      headers: { cookie: me.cookie },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.timeZone).toBe('America/New_York');
    expect(body.slots).toHaveLength(18);
    expect(body.slots[0]).toEqual({
      date,
      time: '09:00',
      label: '09:00 AM',
      startsAt: zonedInstant(date, '09:00', 'America/New_York').toISOString(),
      endsAt: zonedInstant(date, '09:30', 'America/New_York').toISOString(),
      minutes: 30,
      available: true,
    });
    expect(body.slots[17].label).toBe('05:30 PM');
  });

  it('marks a booked slot taken, past dates unavailable, and honours the hours', async () => {
    const { doctor } = await bookableDoctor(t.db, { doctor: { availableFrom: '10:00', availableTo: '12:00' } });
    const me = await signedInUser(t.db);
    const date = localDate(7);
    expect(
      (await book(t.app, me.cookie, { doctorId: doctor.id, appointmentDate: date, appointmentTime: '10:30 AM' }))
        .statusCode,
    ).toBe(201);
    const res = await t.app.inject({
      url: `/api/doctors/${doctor.id}/availability?date=${date}`,
      headers: { cookie: me.cookie },
    });
    expect(res.json().slots.map((s: { label: string; available: boolean }) => `${s.label}:${s.available}`)).toEqual([
      '10:00 AM:true',
      '10:30 AM:false',
      '11:00 AM:true',
      '11:30 AM:true',
    ]);
    const past = await t.app.inject({
      url: `/api/doctors/${doctor.id}/availability?date=${localDate(-2)}`,
      headers: { cookie: me.cookie },
    });
    expect(past.json().slots.every((s: { available: boolean }) => !s.available)).toBe(true);
  });

  it('rejects a bad date with 400 and an unknown doctor with 404', async () => {
    const { doctor } = await bookableDoctor(t.db);
    const me = await signedInUser(t.db);
    const bad = await t.app.inject({
      url: `/api/doctors/${doctor.id}/availability?date=2026-02-30`,
      headers: { cookie: me.cookie },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.date).toMatch(/calendar date/);
    const unknown = await t.app.inject({
      url: `/api/doctors/${crypto.randomUUID()}/availability?date=2030-01-01`,
      headers: { cookie: me.cookie },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('POST /api/appointments', () => {
  it('computes the fee by type itself and always creates pending', async () => {
    const { doctor } = await bookableDoctor(t.db, { doctor: { inPersonFee: null } });
    const me = await signedInUser(t.db);
    const date = localDate(9);
    const voice = await book(t.app, me.cookie, {
      doctorId: doctor.id,
      appointmentDate: date,
      appointmentTime: '02:30 PM',
      consultationType: 'voice',
      fee: 1,
      status: 'confirmed',
    } as never);
    expect(voice.statusCode).toBe(201);
    expect(voice.json()).toMatchObject({
      status: 'pending',
      fee: 12000,
      appointmentDate: date,
      appointmentTime: '02:30 PM',
      timeZone: 'America/New_York',
      consultationType: 'voice',
      payment: null,
      patientId: me.user.id,
      doctor: { id: doctor.id, timeZone: 'America/New_York' },
    });
    const inPerson = await book(t.app, me.cookie, {
      doctorId: doctor.id,
      appointmentDate: date,
      appointmentTime: '03:00 PM',
      consultationType: 'in-person',
    });
    expect(inPerson.json().fee).toBe(15000); // falls back to the consultation fee
  });

  it('answers 409 for a taken slot with a message the form can show', async () => {
    const { doctor } = await bookableDoctor(t.db);
    const a = await signedInUser(t.db);
    const b = await signedInUser(t.db);
    const slot = { doctorId: doctor.id, appointmentDate: localDate(8), appointmentTime: '11:00 AM' };
    expect((await book(t.app, a.cookie, slot)).statusCode).toBe(201);
    const second = await book(t.app, b.cookie, slot);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(/just been booked/);
  });

  it('rejects past slots, slots outside hours, unverified doctors, oneself and odd times with 400', async () => {
    const { doctor, cookie: doctorCookie } = await bookableDoctor(t.db, {
      doctor: { availableFrom: '09:00', availableTo: '12:00' },
    });
    const unverified = await bookableDoctor(t.db, { doctor: { isVerified: false } });
    const me = await signedInUser(t.db);
    const future = localDate(5);
    const cases = [
      [me.cookie, { doctorId: doctor.id, appointmentDate: localDate(-1) }, /already passed/],
      [
        me.cookie,
        { doctorId: doctor.id, appointmentDate: future, appointmentTime: '03:00 PM' },
        /does not see patients at that time/,
      ],
      [me.cookie, { doctorId: unverified.doctor.id, appointmentDate: future }, /not accepting/],
      [doctorCookie, { doctorId: doctor.id, appointmentDate: future }, /yourself/],
      [
        me.cookie,
        { doctorId: doctor.id, appointmentDate: future, appointmentTime: '09:15 AM' },
        /does not see patients at that time/,
      ],
      [me.cookie, { doctorId: doctor.id, appointmentDate: future, reasonForVisit: '   ' }, /reason/],
    ] as const;
    for (const [cookie, body, message] of cases) {
      const res = await book(t.app, cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const rows = await t.db.select().from(appointments).where(eq(appointments.doctorId, doctor.id));
    expect(rows).toHaveLength(0);
  });

  it('lets exactly one of 50 concurrent bookings of one slot succeed; the rest get 409', async () => {
    const { doctor } = await bookableDoctor(t.db);
    const patients = await Promise.all(Array.from({ length: 50 }, () => signedInUser(t.db)));
    const slot = { doctorId: doctor.id, appointmentDate: localDate(12), appointmentTime: '04:00 PM' };
    const results = await Promise.all(patients.map((p) => book(t.app, p.cookie, slot)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    const rows = await t.db.select().from(appointments).where(eq(appointments.doctorId, doctor.id));
    expect(rows).toHaveLength(1);
  });

  it('releases a slot held by an abandoned unpaid booking after the hold runs out', async () => {
    const { appointment, doctor } = await pendingBooking(t.app, t.db, '01:00 PM', 6);
    await t.db
      .update(appointments)
      .set({ createdAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(appointments.id, appointment.id));
    const other = await signedInUser(t.db);
    const res = await book(t.app, other.cookie, {
      doctorId: doctor.id,
      appointmentDate: localDate(6),
      appointmentTime: '01:00 PM',
    });
    expect(res.statusCode).toBe(201);
    const [old] = await t.db.select().from(appointments).where(eq(appointments.id, appointment.id));
    expect(old.status).toBe('cancelled');
  });
});

describe('GET /api/appointments/patient', () => {
  it('lists only my appointments with doctor, patient and payment', async () => {
    const { patient, appointment } = await pendingBooking(t.app, t.db);
    await pendingBooking(t.app, t.db);
    const res = await t.app.inject({ url: '/api/appointments/patient', headers: { cookie: patient.cookie } });
    expect(res.json().map((a: { id: string }) => a.id)).toEqual([appointment.id]);
    expect(res.json()[0]).toMatchObject({
      patient: { firstName: 'Nia', lastName: 'Reyes' },
      doctor: { user: { firstName: expect.any(String) } },
    });
  });
});

describe('PATCH /api/appointments/:id (cancel)', () => {
  it('cancels a confirmed appointment more than 24 h ahead, refunds it, reverses the earning and tells the doctor', async () => {
    const { patient, appointment, doctorUser } = await pendingBooking(t.app, t.db, '09:30 AM', 4);
    expect((await payWithCard(t.app, patient.cookie, appointment.id)).confirm.statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/appointments/${appointment.id}`,
      headers: { cookie: patient.cookie },
      payload: { status: 'cancelled' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', payment: { status: 'refunded', refundedAmount: 15000 } });
    const [earning] = await t.db.select().from(earnings).where(eq(earnings.appointmentId, appointment.id));
    expect(earning.status).toBe('reversed');
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, doctorUser.id), eq(notifications.type, 'appointment_cancelled')));
    expect(told).toHaveLength(1);
    const again = await t.app.inject({
      method: 'PATCH',
      url: `/api/appointments/${appointment.id}`,
      headers: { cookie: patient.cookie },
      payload: { status: 'cancelled' },
    });
    expect(again.statusCode).toBe(409);
  });

  it('refunds a payment that never went through the simulated processor (seeded demo data)', async () => {
    const { doctor } = await bookableDoctor(t.db);
    const me = await signedInUser(t.db);
    const row = await createAppointment(t.db, {
      patientId: me.user.id,
      doctorId: doctor.id,
      startsAt: new Date(Date.now() + 5 * 86_400_000),
      status: 'confirmed',
    });
    await createPayment(t.db, {
      appointmentId: row.id,
      patientId: me.user.id,
      purpose: 'appointment',
      amount: row.fee,
      status: 'succeeded',
    });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/appointments/${row.id}`,
      headers: { cookie: me.cookie },
      payload: { status: 'cancelled' },
    });
    expect(res.json()).toMatchObject({ status: 'cancelled', payment: { status: 'refunded', refundedAmount: row.fee } });
  });

  it('enforces the 24 h boundary on the server', async () => {
    const { doctor } = await bookableDoctor(t.db);
    const me = await signedInUser(t.db);
    const justInside = await createAppointment(t.db, {
      patientId: me.user.id,
      doctorId: doctor.id,
      startsAt: new Date(Date.now() + 24 * 3_600_000 - 60_000),
      status: 'confirmed',
    });
    const justOutside = await createAppointment(t.db, {
      patientId: me.user.id,
      doctorId: doctor.id,
      startsAt: new Date(Date.now() + 24 * 3_600_000 + 120_000),
      status: 'confirmed',
    });
    const cancel = (id: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/appointments/${id}`,
        headers: { cookie: me.cookie },
        payload: { status: 'cancelled' },
      });
    const tooLate = await cancel(justInside.id);
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().message).toMatch(/more than 24 hours/);
    expect((await cancel(justOutside.id)).statusCode).toBe(200);
  });

  it("answers 404 for another patient's appointment, 409 for a pending one, 400 for another status", async () => {
    const { appointment, patient } = await pendingBooking(t.app, t.db);
    const stranger = await signedInUser(t.db);
    const url = `/api/appointments/${appointment.id}`;
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url,
          headers: { cookie: stranger.cookie },
          payload: { status: 'cancelled' },
        })
      ).statusCode,
    ).toBe(404);
    const pending = await t.app.inject({
      method: 'PATCH',
      url,
      headers: { cookie: patient.cookie },
      payload: { status: 'cancelled' },
    });
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toMatch(/Only confirmed/);
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url,
          headers: { cookie: patient.cookie },
          payload: { status: 'confirmed' },
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('POST /api/appointments/:id/review', () => {
  it('lets the patient of a completed appointment review once and moves the average atomically', async () => {
    const { doctor } = await bookableDoctor(t.db);
    await t.db.update(doctors).set({ averageRating: 4, reviewCount: 3 }).where(eq(doctors.id, doctor.id));
    const me = await signedInUser(t.db);
    const done = await createAppointment(t.db, {
      patientId: me.user.id,
      doctorId: doctor.id,
      startsAt: new Date(Date.now() - 86_400_000),
      status: 'completed',
    });
    const url = `/api/appointments/${done.id}/review`;
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: me.cookie },
      payload: { rating: 5, comment: '  Clear and kind.  ' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ rating: 5, comment: 'Clear and kind.', doctorId: doctor.id });
    const [after] = await t.db.select().from(doctors).where(eq(doctors.id, doctor.id));
    expect(after).toMatchObject({ averageRating: 4.25, reviewCount: 4 });
    const twice = await t.app.inject({ method: 'POST', url, headers: { cookie: me.cookie }, payload: { rating: 1 } });
    expect(twice.statusCode).toBe(409);
    const list = await t.app.inject({ url: '/api/appointments/patient', headers: { cookie: me.cookie } });
    expect(list.json()[0].hasReview).toBe(true);
  });

  it('refuses other states, other patients and bad ratings', async () => {
    const { appointment, patient } = await pendingBooking(t.app, t.db);
    const url = `/api/appointments/${appointment.id}/review`;
    expect(
      (await t.app.inject({ method: 'POST', url, headers: { cookie: patient.cookie }, payload: { rating: 4 } }))
        .statusCode,
    ).toBe(409);
    const stranger = await signedInUser(t.db);
    expect(
      (await t.app.inject({ method: 'POST', url, headers: { cookie: stranger.cookie }, payload: { rating: 4 } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url, headers: { cookie: patient.cookie }, payload: { rating: 6 } }))
        .statusCode,
    ).toBe(400);
    const long = await t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: patient.cookie },
      payload: { rating: 4, comment: 'x'.repeat(2001) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields.comment).toMatch(/2,000/);
  });
});

describe('doctor views', () => {
  it("lists today's appointments in the doctor's zone, and upcoming and past ones", async () => {
    const { doctor, cookie } = await bookableDoctor(t.db, { doctor: { timeZone: 'Pacific/Auckland' } });
    const me = await signedInUser(t.db);
    const now = Date.now();
    const soon = await createAppointment(t.db, {
      patientId: me.user.id,
      doctorId: doctor.id,
      timeZone: 'Pacific/Auckland',
      startsAt: new Date(now + 60_000),
      status: 'confirmed',
    });
    const later = await createAppointment(t.db, {
      patientId: me.user.id,
      doctorId: doctor.id,
      timeZone: 'Pacific/Auckland',
      startsAt: new Date(now + 3 * 86_400_000),
      status: 'confirmed',
    });
    const old = await createAppointment(t.db, {
      patientId: me.user.id,
      doctorId: doctor.id,
      timeZone: 'Pacific/Auckland',
      startsAt: new Date(now - 3 * 86_400_000),
      status: 'completed',
    });
    const today = await t.app.inject({ url: '/api/appointments/doctor/today', headers: { cookie } });
    expect(today.statusCode).toBe(200);
    const ids = today.json().map((a: { id: string }) => a.id);
    // "soon" is today in Auckland unless the clock is within a minute of midnight there.
    if (wallClock(new Date(now), 'Pacific/Auckland').date === wallClock(soon.startsAt, 'Pacific/Auckland').date)
      expect(ids).toContain(soon.id);
    expect(ids).not.toContain(later.id);
    expect(ids).not.toContain(old.id);
    const all = await t.app.inject({ url: '/api/appointments/doctor', headers: { cookie } });
    expect(all.json().upcoming.map((a: { id: string }) => a.id)).toEqual([soon.id, later.id]);
    expect(all.json().past.map((a: { id: string }) => a.id)).toEqual([old.id]);
    expect((await t.app.inject({ url: '/api/appointments/doctor', headers: { cookie: me.cookie } })).statusCode).toBe(
      403,
    );
  });
});

describe('GET /api/appointments/:id/calendar.ics', () => {
  it('downloads a confirmed appointment as an iCalendar event at its UTC instant', async () => {
    const { patient, appointment } = await pendingBooking(t.app, t.db, '09:00 AM', 11);
    const url = `/api/appointments/${appointment.id}/calendar.ics`;
    expect((await t.app.inject({ url, headers: { cookie: patient.cookie } })).statusCode).toBe(409);
    await payWithCard(t.app, patient.cookie, appointment.id);
    const res = await t.app.inject({ url, headers: { cookie: patient.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/calendar/);
    const [row] = await t.db.select().from(appointments).where(eq(appointments.id, appointment.id));
    const stamp = row.startsAt.toISOString().replace(/[-:]/g, '').replace('.000', '');
    expect(res.body).toContain(`DTSTART:${stamp}`);
    expect(res.body).toContain('BEGIN:VEVENT');
    // iCalendar folds lines at 75 octets; unfold before looking for text that may straddle a fold.
    // The description names the doctor's clock as people do, not by its IANA id.
    expect(res.body.replace(/\r\n[ \t]/g, '')).toMatch(/Doctor's local time: .* at 9:00 AM New York time\./);
    expect(res.body.replace(/\r\n[ \t]/g, '')).toContain(`Reason: ${row.reasonForVisit}`);
    // In the reader's language, the reason's label too.
    const spanish = await t.app.inject({ url, headers: { cookie: patient.cookie, 'accept-language': 'es' } });
    expect(spanish.body.replace(/\r\n[ \t]/g, '')).toContain(`Motivo: ${row.reasonForVisit}`);
    expect(spanish.body).not.toContain('Reason:');
    const stranger = await signedInUser(t.db);
    expect((await t.app.inject({ url, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
    expect((await paymentFor(t.db, appointment.id)).status).toBe('succeeded');
  });
});
