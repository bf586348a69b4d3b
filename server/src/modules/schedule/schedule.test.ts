import { readFileSync } from 'node:fs';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weekdaysOnly } from '@common/rules/schedule-rules';
import type { ScheduleRequest } from '@common/schemas/schedule';
import { doctors, doctorSchedules, doctorTimeOff } from '../../db/schema';
import { createDoctor } from '../../db/factories';
import { fixedClock } from '../../core/clock';
import { cookieFor, createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';

const now = new Date('2026-11-25T12:00:00Z');
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({}, { clock: fixedClock(now) });
});
afterAll(() => t.close());

const week: ScheduleRequest = {
  weekly: {
    ...weekdaysOnly('09:00', '17:00'),
    mon: [
      { start: '13:00', end: '17:00' },
      { start: '09:00', end: '12:00' },
    ],
    sat: [{ start: '10:00', end: '14:00' }],
  },
  visitMinutes: { video: 20, voice: 15, in_person: 45 },
  bufferMinutes: 10,
  minNoticeMinutes: 240,
  horizonDays: 90,
  dailyCap: 8,
};

async function doctorIn(timeZone: string, hours: { availableFrom?: string; availableTo?: string } = {}) {
  const { user, doctor } = await createDoctor(t.db, { doctor: { timeZone, ...hours } });
  return { user, doctor, cookie: await cookieFor(t.db, user) };
}
const call = (cookie: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, payload });

describe('the schedule API', () => {
  it('gives a doctor who never saved one their old hours on weekdays and the default rules', async () => {
    const me = await doctorIn('America/New_York', { availableFrom: '10:00', availableTo: '14:00' });
    const res = await call(me.cookie, 'GET', '/api/doctors/profile/schedule');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      weekly: weekdaysOnly('10:00', '14:00'),
      visitMinutes: { video: 30, voice: 30, in_person: 30 },
      bufferMinutes: 0,
      minNoticeMinutes: 120,
      horizonDays: 180,
      dailyCap: null,
    });
  });

  it('saves a week with a break, sorted, and keeps the old single pair for old clients', async () => {
    const me = await doctorIn('America/New_York');
    const saved = await call(me.cookie, 'PUT', '/api/doctors/profile/schedule', week);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().weekly.mon).toEqual([
      { start: '09:00', end: '12:00' },
      { start: '13:00', end: '17:00' },
    ]);
    const read = await call(me.cookie, 'GET', '/api/doctors/profile/schedule');
    expect(read.json()).toEqual(saved.json());
    const profile = await call(me.cookie, 'GET', '/api/profile/doctor');
    expect(profile.json()).toMatchObject({ availableFrom: '09:00', availableTo: '17:00' });
    const again = await call(me.cookie, 'PUT', '/api/doctors/profile/schedule', { ...week, dailyCap: null });
    expect(again.json().dailyCap).toBeNull();
    const [row] = await t.db.select().from(doctorSchedules).where(eq(doctorSchedules.doctorId, me.doctor.id));
    expect(row.version).toBe(2);
  });

  it('refuses bad weeks with the reason and changes nothing', async () => {
    const me = await doctorIn('America/New_York');
    const put = (body: object) => call(me.cookie, 'PUT', '/api/doctors/profile/schedule', body);
    const mon = (ranges: { start: string; end: string }[]) => ({ ...week, weekly: { ...week.weekly, mon: ranges } });
    const refusals: [object, string][] = [
      [
        mon([
          { start: '09:00', end: '12:00' },
          { start: '11:30', end: '13:00' },
        ]),
        'Monday: 09:00–12:00 and 11:30–13:00 overlap',
      ],
      [mon([{ start: '17:00', end: '09:00' }]), 'Monday 17:00–09:00: the end must be after the start'],
      [
        mon(Array.from({ length: 11 }, (_, i) => ({ start: `${10 + i}:00`, end: `${10 + i}:30` }))),
        'Monday: at most 10 ranges a day',
      ],
      [
        { ...week, weekly: { ...week.weekly, sun: [{ start: '01:00', end: '04:00' }] } },
        'Sunday 01:00–04:00 crosses the daylight-saving change on 2027-03-14: 02:00–03:00 does not exist in America/New_York that day. Split the range around it.',
      ],
      [
        { ...week, visitMinutes: { ...week.visitMinutes, video: 25 } },
        'Video visits last 15, 20, 30, 45 or 60 minutes',
      ],
      [{ ...week, minNoticeMinutes: 99_999_999_999 }, 'Notice: at most 20,160 minutes'],
      [{ ...week, weekly: { ...week.weekly, tue: [{ start: '09:00\u0000', end: '10:00' }] } }, 'Start'],
    ];
    for (const [body, message] of refusals) {
      const res = await put(body);
      expect(res.statusCode, message).toBe(400);
      expect(JSON.stringify(res.json())).toContain(message);
    }
    expect(await t.db.select().from(doctorSchedules).where(eq(doctorSchedules.doctorId, me.doctor.id))).toEqual([]);
  });

  it('is for doctors only', async () => {
    const patient = await signedInUser(t.db, { userType: 'patient' });
    expect((await call(patient.cookie, 'GET', '/api/doctors/profile/schedule')).statusCode).toBe(403);
    expect((await call(patient.cookie, 'POST', '/api/doctors/profile/time-off', {})).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/doctors/profile/time-off' })).statusCode).toBe(401);
  });
});

describe('time off', () => {
  const holiday = { startsAt: '2026-12-24T00:00:00-05:00', endsAt: '2026-12-27T00:00:00-05:00', label: 'Holiday' };

  it('is added, listed soonest first, and removed; another doctor’s is not found', async () => {
    const me = await doctorIn('America/New_York');
    const other = await doctorIn('Europe/Paris');
    const added = await call(me.cookie, 'POST', '/api/doctors/profile/time-off', holiday);
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({
      startsAt: '2026-12-24T05:00:00.000Z',
      endsAt: '2026-12-27T05:00:00.000Z',
      label: 'Holiday',
    });
    const earlier = await call(me.cookie, 'POST', '/api/doctors/profile/time-off', {
      startsAt: '2026-12-01T14:00:00Z',
      endsAt: '2026-12-01T18:00:00Z',
    });
    expect(earlier.json().label).toBeNull();
    const list = await call(me.cookie, 'GET', '/api/doctors/profile/time-off');
    expect(list.json().map((o: { id: string }) => o.id)).toEqual([earlier.json().id, added.json().id]);

    const theirs = await call(other.cookie, 'DELETE', `/api/doctors/profile/time-off/${added.json().id}`);
    expect(theirs.statusCode).toBe(404);
    expect((await call(other.cookie, 'GET', '/api/doctors/profile/time-off')).json()).toEqual([]);
    const mine = await call(me.cookie, 'DELETE', `/api/doctors/profile/time-off/${added.json().id}`);
    expect(mine.statusCode).toBe(204);
    expect((await call(me.cookie, 'DELETE', `/api/doctors/profile/time-off/${added.json().id}`)).statusCode).toBe(404);
    expect((await call(me.cookie, 'DELETE', '/api/doctors/profile/time-off/not-a-uuid')).statusCode).toBe(400);
  });

  it('refuses backwards, year-long, past, far and forged ranges, and keeps nothing', async () => {
    const me = await doctorIn('UTC');
    const post = (body: object) => call(me.cookie, 'POST', '/api/doctors/profile/time-off', body);
    const refusals: [object, string][] = [
      [{ startsAt: '2026-12-24T00:00:00Z', endsAt: '2026-12-23T00:00:00Z' }, 'The time off must end after it starts'],
      [{ startsAt: '2026-12-01T00:00:00Z', endsAt: '2027-12-03T00:00:00Z' }, 'Time off can last at most a year'],
      [{ startsAt: '2026-11-01T00:00:00Z', endsAt: '2026-11-02T00:00:00Z' }, 'That time off is already over.'],
      [{ startsAt: '+275760-09-13T00:00:00Z', endsAt: '2026-12-23T00:00:00Z' }, 'Start'],
      [{ startsAt: '2026-12-24', endsAt: '2026-12-25' }, 'enter a date and time'],
      [{ ...holiday, label: 'x\u0000' }, 'not allowed'],
      [{ ...holiday, label: 'x'.repeat(81) }, 'Keep the label under 80 characters'],
    ];
    for (const [body, message] of refusals) {
      const res = await post(body);
      expect(res.statusCode, message).toBe(400);
      expect(JSON.stringify(res.json())).toContain(message);
    }
    expect(await t.db.select().from(doctorTimeOff).where(eq(doctorTimeOff.doctorId, me.doctor.id))).toEqual([]);
  });
});

describe('the migration of old hours', () => {
  it('turns each doctor’s old pair into Mon–Fri hours, and missing or broken pairs into the default day', async () => {
    const kept = await doctorIn('UTC', { availableFrom: '08:30', availableTo: '15:00' });
    const none = await doctorIn('UTC');
    const broken = await doctorIn('UTC', { availableFrom: '18:00', availableTo: '09:00' });
    const ids = [kept.doctor.id, none.doctor.id, broken.doctor.id];
    const file = readFileSync(new URL('../../../../migrations/0033_doctor_schedules.sql', import.meta.url), 'utf8');
    const block = file.slice(file.indexOf('-- hand-written: begin'), file.indexOf('-- hand-written: end'));
    const backfill = block.slice(block.indexOf('INSERT INTO "doctor_schedules"'));
    await t.db.execute(sql.raw(backfill));
    // A second run changes nothing (a doctor's saved week is never overwritten).
    await t.db.execute(sql.raw(backfill));
    const rows = await t.db.select().from(doctorSchedules).where(inArray(doctorSchedules.doctorId, ids));
    const weekOf = (id: string) => rows.find((r) => r.doctorId === id)?.weekly;
    expect(weekOf(kept.doctor.id)).toEqual(weekdaysOnly('08:30', '15:00'));
    expect(weekOf(none.doctor.id)).toEqual(weekdaysOnly('09:00', '17:00'));
    expect(weekOf(broken.doctor.id)).toEqual(weekdaysOnly('09:00', '17:00'));
    expect(rows.every((r) => r.minNoticeMinutes === 120 && r.horizonDays === 180 && r.videoMinutes === 30)).toBe(true);
    const [doctor] = await t.db.select().from(doctors).where(eq(doctors.id, kept.doctor.id));
    expect(doctor.availableFrom).toBe('08:30');
  });
});
