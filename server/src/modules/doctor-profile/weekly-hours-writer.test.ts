import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weekdaysOnly } from '@common/rules/schedule-rules';
import type { ScheduleRequest } from '@common/schemas/schedule';
import { doctors, doctorSchedules } from '../../db/schema';
import { bookableDoctor, book } from '../../test-support/booking-fixtures';
import { createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const lunchBreak = [
  { start: '09:00', end: '12:00' },
  { start: '13:00', end: '17:00' },
];
const week: ScheduleRequest = {
  weekly: { ...weekdaysOnly('09:00', '17:00'), mon: lunchBreak, tue: lunchBreak, wed: lunchBreak, thu: lunchBreak },
  visitMinutes: { video: 30, voice: 30, in_person: 30 },
  bufferMinutes: 0,
  minNoticeMinutes: 0,
  horizonDays: 180,
  dailyCap: null,
};
const call = (cookie: string, method: 'GET' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, payload });

/** The next Monday (New York), at least two days away. */
function nextMonday(): string {
  const d = new Date(Date.now() + 2 * 86_400_000);
  while (d.getUTCDay() !== 1) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

describe('the weekly hours have one writer', () => {
  it('a profile save with the old pair, after a refused week, keeps the lunch break and 12:00 unbookable', async () => {
    const me = await bookableDoctor(t.db);
    expect((await call(me.cookie, 'PUT', '/api/doctors/profile/schedule', week)).statusCode).toBe(200);
    const [before] = await t.db.select().from(doctorSchedules).where(eq(doctorSchedules.doctorId, me.doctor.id));

    // The Profile Builder's save: an overlapping week is refused...
    const overlapping = { ...week, weekly: { ...week.weekly, mon: [...lunchBreak, { start: '11:00', end: '14:00' }] } };
    const refused = await call(me.cookie, 'PUT', '/api/doctors/profile/schedule', overlapping);
    expect(refused.statusCode).toBe(400);
    // ...and the profile beside it still carries the single pair an old draft held.
    const profile = await call(me.cookie, 'PUT', '/api/doctors/profile', {
      about: 'Family medicine.',
      availableFrom: '09:00',
      availableTo: '17:00',
    });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().about).toBe('Family medicine.');

    const [after] = await t.db.select().from(doctorSchedules).where(eq(doctorSchedules.doctorId, me.doctor.id));
    expect(after).toEqual(before);
    const read = await call(me.cookie, 'GET', '/api/doctors/profile/schedule');
    expect(read.json().weekly.mon).toEqual(lunchBreak);

    const date = nextMonday();
    const slots = await t.app.inject({ url: `/api/doctors/${me.doctor.id}/availability?date=${date}` });
    expect(slots.statusCode).toBe(200);
    const times = (slots.json().slots as { time: string }[]).map((s) => s.time);
    expect(times).toContain('11:30');
    expect(times).not.toContain('12:00');
    expect(times).not.toContain('12:30');
    const patient = await signedInUser(t.db);
    const lunch = await book(t.app, patient.cookie, {
      doctorId: me.doctor.id,
      appointmentDate: date,
      appointmentTime: '12:00 PM',
    });
    expect(lunch.statusCode).toBe(400);
  });

  it('the pair a profile save sends is not stored: the profile shows the pair derived from the week', async () => {
    const me = await bookableDoctor(t.db);
    await call(me.cookie, 'PUT', '/api/doctors/profile/schedule', week);
    const saved = await call(me.cookie, 'PUT', '/api/doctors/profile', {
      availableFrom: '06:00',
      availableTo: '22:00',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ availableFrom: '09:00', availableTo: '17:00' });
    const [row] = await t.db.select().from(doctors).where(eq(doctors.id, me.doctor.id));
    expect([row.availableFrom, row.availableTo]).toEqual(['09:00', '17:00']);
    // Still checked as before: a bad clock is a 400, not silently dropped.
    const bad = await call(me.cookie, 'PUT', '/api/doctors/profile', { availableFrom: '25:00' });
    expect(bad.statusCode).toBe(400);
  });
});
