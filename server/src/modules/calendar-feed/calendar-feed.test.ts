import ICAL from 'ical.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, calendarFeeds, users } from '../../db/schema';
import { book, bookableDoctor, localDate, payWithCard } from '../../test-support/booking-fixtures';
import { createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const REASON = 'Chest pain and panic attacks since March';
const NOTES = 'Taking sertraline 50 mg';

const feedUrl = async (cookie: string) => {
  const res = await t.app.inject({ url: '/api/calendar/feed', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json().url as string;
};
/** What a calendar app does: fetch the URL with no cookie. */
const subscribe = (url: string) => t.app.inject({ url: new URL(url).pathname });

const events = (ics: string) =>
  new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toJSDate().toISOString(),
      minutes: (event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime()) / 60_000,
      status: vevent.getFirstPropertyValue('status'),
    };
  });

async function paidVisit(patientCookie: string, doctorId: string, days: number, time: string) {
  const res = await book(t.app, patientCookie, {
    doctorId,
    appointmentDate: localDate(days),
    appointmentTime: time,
    reasonForVisit: REASON,
  });
  expect(res.statusCode).toBe(201);
  const { id } = res.json() as { id: string };
  await t.db.update(appointments).set({ additionalNotes: NOTES }).where(eq(appointments.id, id));
  expect((await payWithCard(t.app, patientCookie, id)).confirm.statusCode).toBe(200);
  return (await t.db.select().from(appointments).where(eq(appointments.id, id)))[0];
}

describe('the private calendar feed', () => {
  it("lists a patient's and a doctor's paid visits at their instants, cancelled ones marked, with no health text", async () => {
    const { doctor, user: doctorUser, cookie: doctorCookie } = await bookableDoctor(t.db);
    // Every day of the week, so the dates below are bookable whichever weekday they fall on.
    const everyDay = [{ start: '08:00', end: '18:00' }];
    const hours = await t.app.inject({
      method: 'PUT',
      url: '/api/doctors/profile/schedule',
      headers: { cookie: doctorCookie },
      payload: {
        weekly: {
          mon: everyDay,
          tue: everyDay,
          wed: everyDay,
          thu: everyDay,
          fri: everyDay,
          sat: everyDay,
          sun: everyDay,
        },
        visitMinutes: { video: 30, voice: 30, in_person: 30 },
        bufferMinutes: 0,
        minNoticeMinutes: 120,
        horizonDays: 180,
        dailyCap: null,
      },
    });
    expect(hours.statusCode).toBe(200);
    const patient = await signedInUser(t.db, { firstName: 'Nia', lastName: 'Reyes' });
    const kept = await paidVisit(patient.cookie, doctor.id, 12, '09:30 AM');
    const dropped = await paidVisit(patient.cookie, doctor.id, 13, '02:00 PM');
    // A visit keeps the length it was booked with; the file's end follows it.
    await t.db.update(appointments).set({ durationMinutes: 45 }).where(eq(appointments.id, dropped.id));
    const cancel = await t.app.inject({
      method: 'PATCH',
      url: `/api/appointments/${dropped.id}`,
      headers: { cookie: patient.cookie },
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode).toBe(200);
    const unpaid = await book(t.app, patient.cookie, {
      doctorId: doctor.id,
      appointmentDate: localDate(14),
      reasonForVisit: REASON,
    });
    expect(unpaid.statusCode).toBe(201);
    const someoneElse = await signedInUser(t.db);
    const theirs = await paidVisit(someoneElse.cookie, doctor.id, 15, '11:00 AM');

    const url = await feedUrl(patient.cookie);
    expect(url).toMatch(/^http:\/\/[^/]+\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await feedUrl(patient.cookie)).toBe(url);
    const file = await subscribe(url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/calendar/);
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.body).not.toMatch(/chest|panic|sertraline|reason/i);
    expect(events(file.body)).toEqual([
      {
        uid: `${kept.id}@medora`,
        summary: `Video Call with Dr. ${doctorUser.firstName} ${doctorUser.lastName}`,
        start: kept.startsAt.toISOString(),
        minutes: kept.durationMinutes,
        status: 'CONFIRMED',
      },
      {
        uid: `${dropped.id}@medora`,
        summary: `Video Call with Dr. ${doctorUser.firstName} ${doctorUser.lastName}`,
        start: dropped.startsAt.toISOString(),
        minutes: 45,
        status: 'CANCELLED',
      },
    ]);
    // The doctor's wall clock travels in the description, named as people name the zone.
    const unfolded = file.body.replace(/\r\n[ \t]/g, '');
    expect(unfolded).toContain('New York time');
    expect(unfolded).not.toContain('America/New_York');

    const doctorFile = await subscribe(await feedUrl(doctorCookie));
    expect(doctorFile.body).not.toMatch(/chest|panic|sertraline|reason/i);
    expect(events(doctorFile.body).map((e) => [e.uid, e.summary, e.status])).toEqual([
      [`${kept.id}@medora`, 'Video Call with Nia R.', 'CONFIRMED'],
      [`${dropped.id}@medora`, 'Video Call with Nia R.', 'CANCELLED'],
      [
        `${theirs.id}@medora`,
        `Video Call with ${someoneElse.user.firstName} ${someoneElse.user.lastName[0]}.`,
        'CONFIRMED',
      ],
    ]);
  });

  it('stores only a hash of the token, and a rotated URL answers 404 while the new one works', async () => {
    const me = await signedInUser(t.db);
    const old = await feedUrl(me.cookie);
    const token = old.split('/').pop()!.replace('.ics', '');
    const [row] = await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, me.user.id));
    expect(JSON.stringify(row)).not.toContain(token);

    const rotated = await t.app.inject({
      method: 'POST',
      url: '/api/calendar/feed/rotate',
      headers: { cookie: me.cookie },
    });
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json().url as string;
    expect(fresh).not.toBe(old);
    expect((await subscribe(old)).statusCode).toBe(404);
    expect((await subscribe(fresh)).statusCode).toBe(200);
    expect(await feedUrl(me.cookie)).toBe(fresh);
  });

  it('answers 404 to forged, cut or malformed tokens and to a deactivated owner, never a 500', async () => {
    const me = await signedInUser(t.db);
    const url = new URL(await feedUrl(me.cookie)).pathname;
    const token = url.split('/').pop()!.replace('.ics', '');
    const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const path of [
      `/api/calendar/${forged}.ics`,
      `/api/calendar/${token.slice(0, 20)}.ics`,
      `/api/calendar/${token}`,
      `/api/calendar/${token}.ics.ics`,
      `/api/calendar/%00${token.slice(1)}.ics`,
      `/api/calendar/${'a'.repeat(43)}.ics`,
    ]) {
      expect((await t.app.inject({ url: path })).statusCode, path).toBe(404);
    }
    expect((await t.app.inject({ url: `/api/calendar/${'a'.repeat(500)}.ics` })).statusCode).toBe(400);
    expect((await t.app.inject({ url })).statusCode).toBe(200);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, me.user.id));
    expect((await t.app.inject({ url })).statusCode).toBe(404);
  });

  it('gives the feed URL only to a signed-in owner', async () => {
    expect((await t.app.inject({ url: '/api/calendar/feed' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/calendar/feed/rotate' })).statusCode).toBe(401);
  });
});
