import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shiftDate, weekdaysOnly, weekdayOf } from '@common/rules/schedule-rules';
import { wallClock, zonedInstant } from '@common/rules/zoned-time';
import type { ScheduleRequest } from '@common/schemas/schedule';
import { appointments } from '../../db/schema';
import { fixedClock } from '../../core/clock';
import { book, bookableDoctor, payWithCard } from '../../test-support/booking-fixtures';
import { createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';
import { nextFreeSlots } from '../doctors/next-free';

// The real clock (sessions and unpaid holds are dated by the database), held still for the file.
const now = new Date();
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({}, { clock: fixedClock(now) });
});
const zone = 'America/New_York';
/** The New York date of the Monday `weeks` weeks after the coming one, plus `plus` days. */
function monday(weeks: number, plus = 0): string {
  let date = shiftDate(wallClock(now, zone).date, 7);
  while (weekdayOf(date) !== 'mon') date = shiftDate(date, 1);
  return shiftDate(date, weeks * 7 + plus);
}
const at = (date: string, time: string) => zonedInstant(date, time, zone).toISOString();
afterAll(() => t.close());

const week: ScheduleRequest = {
  weekly: {
    ...weekdaysOnly('09:00', '17:00'),
    mon: [
      { start: '09:00', end: '12:00' },
      { start: '13:00', end: '17:00' },
    ],
    tue: [
      { start: '09:00', end: '12:00' },
      { start: '13:00', end: '17:00' },
    ],
  },
  visitMinutes: { video: 30, voice: 30, in_person: 45 },
  bufferMinutes: 10,
  minNoticeMinutes: 120,
  horizonDays: 180,
  dailyCap: 3,
};

async function okafor(schedule: ScheduleRequest = week) {
  const d = await bookableDoctor(t.db, { user: { lastName: 'Okafor' } });
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/doctors/profile/schedule',
    headers: { cookie: d.cookie },
    payload: schedule,
  });
  expect(res.statusCode, res.body).toBe(200);
  return d;
}
async function confirmedBooking(d: { doctor: { id: string } }, appointmentDate: string, appointmentTime: string) {
  const patient = await signedInUser(t.db);
  const res = await book(t.app, patient.cookie, { doctorId: d.doctor.id, appointmentDate, appointmentTime });
  expect(res.statusCode, res.body).toBe(201);
  expect((await payWithCard(t.app, patient.cookie, res.json().id)).confirm.statusCode).toBe(200);
  return { patient, id: res.json().id as string };
}
const slotsOn = async (doctorId: string, date: string, type = 'video') =>
  (await t.app.inject({ url: `/api/doctors/${doctorId}/availability?date=${date}&type=${type}` })).json().slots as {
    time: string;
    available: boolean;
    minutes: number;
  }[];

describe('booking follows the doctor’s week', () => {
  it('offers the week’s slots with their length, and hides the break and the time off', async () => {
    const d = await okafor();
    const mon = await slotsOn(d.doctor.id, monday(0));
    // 30-minute visits every 40 minutes (10 minutes' buffer), none across the 12:00–13:00 break.
    expect(mon.map((s) => s.time)).toEqual([
      '09:00',
      '09:40',
      '10:20',
      '11:00',
      '13:00',
      '13:40',
      '14:20',
      '15:00',
      '15:40',
      '16:20',
    ]);
    expect(mon.every((s) => s.minutes === 30 && s.available)).toBe(true);
    expect((await slotsOn(d.doctor.id, monday(0), 'in-person')).map((s) => s.time)).toEqual([
      '09:00',
      '09:55',
      '10:50',
      '13:00',
      '13:55',
      '14:50',
      '15:45',
    ]);
    expect(await slotsOn(d.doctor.id, monday(0, -2))).toEqual([]); // Saturday
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/doctors/profile/time-off',
      headers: { cookie: d.cookie },
      payload: { startsAt: at(monday(0), '10:00'), endsAt: at(monday(0), '14:00'), label: 'Dentist' },
    });
    expect(off.statusCode).toBe(200);
    // 10:00–14:00 in New York: 09:40 runs into it, 14:20 starts after it.
    expect((await slotsOn(d.doctor.id, monday(0))).map((s) => s.time)).toEqual([
      '09:00',
      '14:20',
      '15:00',
      '15:40',
      '16:20',
    ]);
  });

  it('refuses a booking by URL outside the hours, in the break, in time off, inside the notice, over the cap or over a visit plus its buffer', async () => {
    const d = await okafor();
    await t.app.inject({
      method: 'POST',
      url: '/api/doctors/profile/time-off',
      headers: { cookie: d.cookie },
      payload: { startsAt: at(monday(0, 2), '00:00'), endsAt: at(monday(0, 3), '00:00'), label: 'Conference' },
    });
    const me = await signedInUser(t.db);
    const attempt = (appointmentDate: string, appointmentTime: string, consultationType = 'video') =>
      book(t.app, me.cookie, { doctorId: d.doctor.id, appointmentDate, appointmentTime, consultationType });
    const refusals: [string, string, string][] = [
      [monday(0, -2), '10:00 AM', 'Dr. Okafor does not see patients at that time.'], // Saturday
      [monday(0), '12:00 PM', 'Dr. Okafor does not see patients at that time.'], // the break
      [monday(0), '09:30 AM', 'Dr. Okafor does not see patients at that time.'], // between slots
      [monday(0, 2), '09:00 AM', 'Dr. Okafor is away at that time.'],
    ];
    for (const [date, time, message] of refusals) {
      const res = await attempt(date, time);
      expect(res.statusCode, `${date} ${time}`).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const far = await okafor({ ...week, minNoticeMinutes: 14 * 24 * 60 });
    const early = await book(t.app, me.cookie, {
      doctorId: far.doctor.id,
      appointmentDate: monday(0),
      appointmentTime: '09:00 AM',
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe("Dr. Okafor needs 14 days' notice.");
    // The same refusal for a reader in Spanish and in Arabic, beside the time field too.
    for (const [lang, text] of [
      ['es', 'Dr. Okafor necesita que la cita se reserve con 14 días de antelación.'],
      ['ar', 'يحتاج Dr. Okafor إلى حجز الموعد قبل 14 يومًا على الأقل.'],
    ]) {
      const res = await book(t.app, `${me.cookie}; medora_lang=${lang}`, {
        doctorId: far.doctor.id,
        appointmentDate: monday(0),
        appointmentTime: '09:00 AM',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(text);
      expect(res.json().fields).toEqual({ appointmentTime: text });
    }
    expect((await slotsOn(far.doctor.id, monday(0))).some((s) => s.available)).toBe(false);
    // A 45-minute visit at 09:00 keeps the doctor until 09:55 with the buffer: 09:40 overlaps it.
    expect((await attempt(monday(0, 1), '09:00 AM', 'in-person')).statusCode).toBe(201);
    const overlap = await attempt(monday(0, 1), '09:40 AM');
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json().message).toBe('Dr. Okafor is already booked at that time. Pick another time.');
    expect((await attempt(monday(0, 1), '10:20 AM')).statusCode).toBe(201);
    expect((await attempt(monday(0, 1), '01:00 PM')).statusCode).toBe(201);
    const capped = await attempt(monday(0, 1), '03:00 PM');
    expect(capped.statusCode).toBe(400);
    expect(capped.json().message).toBe('Dr. Okafor is fully booked that day.');
    const rows = await t.db.select().from(appointments).where(eq(appointments.doctorId, d.doctor.id));
    expect(rows.map((r) => r.durationMinutes).sort()).toEqual([30, 30, 45]);
  });

  it('refuses a reschedule into time off and a proposal outside the hours, with the reason', async () => {
    const d = await okafor({ ...week, dailyCap: null });
    const { patient, id } = await confirmedBooking(d, monday(1), '09:00 AM');
    await t.app.inject({
      method: 'POST',
      url: '/api/doctors/profile/time-off',
      headers: { cookie: d.cookie },
      payload: { startsAt: at(monday(1, 1), '09:00'), endsAt: at(monday(1, 1), '12:00') },
    });
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/appointments/${id}/reschedule`,
      headers: { cookie: patient.cookie },
      payload: { appointmentDate: monday(1, 1), appointmentTime: '09:40 AM' },
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe('Dr. Okafor is away at that time.');
    const proposed = await t.app.inject({
      method: 'POST',
      url: `/api/doctor/appointments/${id}/proposals`,
      headers: { cookie: d.cookie },
      payload: { appointmentDate: monday(1, 5), appointmentTime: '10:00 AM' },
    });
    expect(proposed.statusCode).toBe(400);
    expect(proposed.json().message).toBe('Dr. Okafor does not see patients at that time.');
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/appointments/${id}/reschedule`,
      headers: { cookie: patient.cookie },
      payload: { appointmentDate: monday(1, 1), appointmentTime: '01:00 PM' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('keeps bookings when the hours change and flags them in the doctor’s book', async () => {
    const d = await okafor({ ...week, dailyCap: null });
    const { id } = await confirmedBooking(d, monday(2), '03:00 PM');
    const book1 = await t.app.inject({ url: '/api/doctor/appointments', headers: { cookie: d.cookie } });
    expect(book1.json().items.find((e: { id: string }) => e.id === id).outsideHours).toBe(false);
    const mornings = { ...week, weekly: weekdaysOnly('09:00', '12:00') };
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/doctors/profile/schedule',
          headers: { cookie: d.cookie },
          payload: mornings,
        })
      ).statusCode,
    ).toBe(200);
    const book2 = await t.app.inject({ url: '/api/doctor/appointments', headers: { cookie: d.cookie } });
    const entry = book2.json().items.find((e: { id: string }) => e.id === id);
    expect(entry).toMatchObject({ status: 'confirmed', outsideHours: true });
  });
});

describe('the directory’s next available', () => {
  it('is the first slot the availability endpoint offers, past time off and bookings', async () => {
    const mondays = { mon: week.weekly.mon, tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };
    const d = await okafor({ ...week, dailyCap: null, weekly: mondays });
    await t.app.inject({
      method: 'POST',
      url: '/api/doctors/profile/time-off',
      headers: { cookie: d.cookie },
      // Away from now until 10:00 that Monday: the Mondays before it are off too.
      payload: { startsAt: now.toISOString(), endsAt: at(monday(0), '10:00') },
    });
    const patient = await signedInUser(t.db);
    const first = { doctorId: d.doctor.id, appointmentDate: monday(0), appointmentTime: '10:20 AM' };
    expect((await book(t.app, patient.cookie, first)).statusCode).toBe(201);
    const offered = (await slotsOn(d.doctor.id, monday(0))).filter((s) => s.available);
    expect(offered[0].time).toBe('11:00');
    const until = new Date(now.getTime() + 14 * 86_400_000);
    const found = await nextFreeSlots(t.db, [d.doctor], now, until);
    expect(found.get(d.doctor.id)).toBe(Date.parse(at(monday(0), '11:00')));
    const tooSoon = await nextFreeSlots(t.db, [d.doctor], now, new Date(Date.parse(at(monday(0), '11:00'))));
    expect(tooSoon.get(d.doctor.id)).toBeNull();
  });
});

describe('races resolve under the doctor’s lock', () => {
  it('lets only as many of many concurrent bookings through as the daily cap allows, and never two overlapping', async () => {
    const d = await okafor({ ...week, dailyCap: 2 });
    const patients = await Promise.all(Array.from({ length: 8 }, () => signedInUser(t.db)));
    const times = ['09:00 AM', '09:40 AM', '10:20 AM', '11:00 AM', '01:00 PM', '01:40 PM', '02:20 PM', '03:00 PM'];
    const results = await Promise.all(
      patients.map((p, i) =>
        book(t.app, p.cookie, { doctorId: d.doctor.id, appointmentDate: monday(3), appointmentTime: times[i] }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(2);
    expect(
      results
        .filter((r) => r.statusCode === 400)
        .every((r) => r.json().message === 'Dr. Okafor is fully booked that day.'),
    ).toBe(true);

    // Visits of different lengths starting at different times: the unique index cannot see the overlap, the lock does.
    const e = await okafor({ ...week, dailyCap: null });
    const [long, short] = await Promise.all([
      book(t.app, patients[0].cookie, {
        doctorId: e.doctor.id,
        appointmentDate: monday(3, 1),
        appointmentTime: '09:00 AM',
        consultationType: 'in-person',
      }),
      book(t.app, patients[1].cookie, {
        doctorId: e.doctor.id,
        appointmentDate: monday(3, 1),
        appointmentTime: '09:40 AM',
      }),
    ]);
    expect([long.statusCode, short.statusCode].sort()).toEqual([201, 400]);
  });

  it('a schedule change racing bookings: each booking either lands before it (kept, flagged) or is refused by the new hours', async () => {
    const d = await okafor({ ...week, dailyCap: null });
    const patients = await Promise.all(Array.from({ length: 6 }, () => signedInUser(t.db)));
    const times = ['09:00 AM', '09:40 AM', '10:20 AM', '01:00 PM', '01:40 PM', '02:20 PM'];
    const noMonday = { ...week, dailyCap: null, weekly: { ...week.weekly, mon: [] } };
    const [change, ...bookings] = await Promise.all([
      t.app.inject({
        method: 'PUT',
        url: '/api/doctors/profile/schedule',
        headers: { cookie: d.cookie },
        payload: noMonday,
      }),
      ...patients.map((p, i) =>
        book(t.app, p.cookie, { doctorId: d.doctor.id, appointmentDate: monday(4), appointmentTime: times[i] }),
      ),
    ]);
    expect(change.statusCode).toBe(200);
    for (const res of bookings) {
      if (res.statusCode === 400) expect(res.json().message).toBe('Dr. Okafor does not see patients at that time.');
      else expect(res.statusCode).toBe(201);
    }
    const kept = await t.db.select().from(appointments).where(eq(appointments.doctorId, d.doctor.id));
    expect(kept).toHaveLength(bookings.filter((r) => r.statusCode === 201).length);
    // After the change, nothing more is accepted on that Monday.
    const late = await book(t.app, patients[0].cookie, {
      doctorId: d.doctor.id,
      appointmentDate: monday(4),
      appointmentTime: '03:00 PM',
    });
    expect(late.statusCode).toBe(400);
  });
});
