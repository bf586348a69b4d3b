import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@common/rules/slots';
import { wallClock, zonedInstant } from '@common/rules/zoned-time';
import { fixedClock } from '../../core/clock';
import { createAppointment, createDoctor, createUser, type NewDoctor } from '../../db/factories';
import { doctorSchedules, doctors, users } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { keepOldSlots } from '../../test-support/booking-fixtures';

const clock = fixedClock(new Date('2026-03-06T12:00:00Z'));
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(() => t.close());

type Card = { id: string; nextAvailableAt: string | null };
type Slot = { date: string; time: string; label: string; startsAt: string; available: boolean };

const newCountry = () => `Testland ${randomUUID().slice(0, 8)}`;
// These doctors keep the week every doctor had before weekly schedules (every day, 09:00–18:00 or
// the doctor's old pair, no notice), so the times below read as the old fixed slots did.
const add = async (doctor: Partial<NewDoctor>) => {
  const made = (await createDoctor(t.db, { doctor: { isVerified: true, isActive: true, ...doctor } })).doctor;
  await keepOldSlots(t.db, made);
  return made;
};

async function search(query: Record<string, string | number>) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const res = await t.app.inject({ url: `/api/doctors/search?${qs}` });
  expect(res.statusCode, res.body).toBe(200);
  return { doctors: res.json() as Card[], next: res.headers['x-next-cursor'] as string | undefined };
}
const nextOf = async (country: string, id: string, timeZone = 'Europe/London') =>
  (await search({ country, timeZone })).doctors.find((d) => d.id === id)?.nextAvailableAt;
const ids = (cards: Card[]) => cards.map((d) => d.id);

async function availability(id: string, date: string, days = 1) {
  return t.app.inject({ url: `/api/doctors/${id}/availability?date=${date}&days=${days}` });
}

describe('GET /api/doctors/:id/availability for visitors', () => {
  it('answers without a session and tells only free or taken, never who booked or why', async () => {
    clock.set(new Date('2026-03-06T12:00:00Z'));
    const doctor = await add({ timeZone: 'America/New_York' });
    const patient = await createUser(t.db, { firstName: 'Secretive', lastName: 'Patientname' });
    await createAppointment(t.db, {
      patientId: patient.id,
      doctorId: doctor.id,
      startsAt: new Date('2026-03-09T14:00:00Z'), // 10:00 AM EDT
      timeZone: 'America/New_York',
      status: 'confirmed',
      reasonForVisit: 'A very private reason',
    });
    const res = await availability(doctor.id, '2026-03-09', 2);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { slots: Slot[] };
    expect(Object.keys(body).sort()).toEqual(['date', 'doctorId', 'slots', 'timeZone']);
    for (const slot of body.slots)
      expect(Object.keys(slot).sort()).toEqual(['available', 'date', 'endsAt', 'label', 'minutes', 'startsAt', 'time']);
    expect(body.slots).toHaveLength(36);
    const taken = body.slots.find((s) => s.startsAt === '2026-03-09T14:00:00.000Z')!;
    expect(taken).toMatchObject({ date: '2026-03-09', time: '10:00', available: false });
    expect(body.slots.filter((s) => !s.available)).toHaveLength(1);
    for (const secret of [patient.id, patient.email, 'Secretive', 'Patientname', 'private reason']) {
      expect(res.body).not.toContain(secret);
    }
  });

  it('answers 404, as for an unknown id, for unverified, paused and deactivated doctors', async () => {
    const unverified = await add({ isVerified: false });
    const paused = await add({ isActive: false });
    const off = await add({});
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, off.userId));
    const unknown = await availability(randomUUID(), '2026-03-09');
    expect(unknown.statusCode).toBe(404);
    for (const doctor of [unverified, paused, off]) {
      const res = await availability(doctor.id, '2026-03-09');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(unknown.json());
    }
  });

  it('refuses bad input with 400', async () => {
    const doctor = await add({});
    for (const query of [
      'date=2026-02-30',
      'date=2026-03-09%00',
      'date=2026-03-09&days=0',
      'date=2026-03-09&days=99',
      'date=2026-03-09&days=1.5',
    ]) {
      const res = await t.app.inject({ url: `/api/doctors/${doctor.id}/availability?${query}` });
      expect(res.statusCode, query).toBe(400);
    }
    for (const query of [
      'timeZone=Mars%2FOlympus',
      'timeZone=Europe%2FLondon%00',
      'available=tomorrow',
      'sort=soon',
      'timeZone=',
    ]) {
      const res = await t.app.inject({ url: `/api/doctors/search?${query}` });
      expect(res.statusCode, query).toBe(400);
    }
  });
});

describe('next available, the availability filters and the soonest sort', () => {
  it('computes across time zones for a visitor in London', async () => {
    // Friday 12:00 in London (GMT): 07:00 in New York, 17:30 in Kolkata (its last slot starts now).
    clock.set(new Date('2026-03-06T12:00:00Z'));
    const country = newCountry();
    const kolkata = await add({ country, timeZone: 'Asia/Kolkata' });
    const newYork = await add({ country, timeZone: 'America/New_York' });
    const lateNewYork = await add({
      country,
      timeZone: 'America/New_York',
      availableFrom: '16:00',
      availableTo: '17:00',
    });
    const none = await add({ country, timeZone: 'America/New_York' });
    // A week with no hours at all: no slot, ever.
    const noHours = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };
    await t.db.update(doctorSchedules).set({ weekly: noHours }).where(eq(doctorSchedules.doctorId, none.id));

    const all = await search({ country, timeZone: 'Europe/London', limit: 50 });
    const next = Object.fromEntries(all.doctors.map((d) => [d.id, d.nextAvailableAt]));
    expect(next[kolkata.id]).toBe('2026-03-07T03:30:00.000Z'); // Saturday 09:00 IST
    expect(next[newYork.id]).toBe('2026-03-06T14:00:00.000Z'); // 09:00 EST
    expect(next[lateNewYork.id]).toBe('2026-03-06T21:00:00.000Z'); // 16:00 EST
    expect(next[none.id]).toBeNull();

    const filtered = async (available: string) =>
      ids((await search({ country, timeZone: 'Europe/London', available, sort: 'soonest' })).doctors);
    expect(await filtered('today')).toEqual([newYork.id, lateNewYork.id]);
    expect(await filtered('3days')).toEqual([newYork.id, lateNewYork.id, kolkata.id]);
    expect(await filtered('week')).toEqual([newYork.id, lateNewYork.id, kolkata.id]);
    // "Today" is the visitor's: in Kolkata it ends at 18:30 UTC, after New York's 09:00 but before its 16:00.
    expect(ids((await search({ country, timeZone: 'Asia/Kolkata', available: 'today' })).doctors)).toEqual([
      newYork.id,
    ]);

    const sorted = await search({ country, timeZone: 'Europe/London', sort: 'soonest' });
    expect(ids(sorted.doctors)).toEqual([newYork.id, lateNewYork.id, kolkata.id, none.id]);

    // Pages of the soonest sort never repeat or skip a doctor, including the one with no slot.
    const pages: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await search({ country, sort: 'soonest', limit: 1, ...(cursor ? { cursor } : {}) });
      pages.push(...ids(page.doctors));
      cursor = page.next;
    } while (cursor);
    expect(pages).toEqual(ids(sorted.doctors));
  });

  it('skips taken slots and frees abandoned holds, and the cached reply follows bookings and the clock', async () => {
    clock.set(new Date('2026-03-06T12:00:00Z'));
    const country = newCountry();
    const doctor = await add({ country, timeZone: 'America/New_York' });
    const patient = await createUser(t.db, {});
    expect(await nextOf(country, doctor.id)).toBe('2026-03-06T14:00:00.000Z');

    await createAppointment(t.db, {
      patientId: patient.id,
      doctorId: doctor.id,
      startsAt: new Date('2026-03-06T14:00:00Z'),
      status: 'confirmed',
    });
    expect(await nextOf(country, doctor.id)).toBe('2026-03-06T14:30:00.000Z');

    // An unpaid booking made 40 minutes ago no longer holds its slot.
    await createAppointment(t.db, {
      patientId: patient.id,
      doctorId: doctor.id,
      startsAt: new Date('2026-03-06T14:30:00Z'),
      status: 'pending',
      createdAt: new Date('2026-03-06T11:20:00Z'),
    });
    expect(await nextOf(country, doctor.id)).toBe('2026-03-06T14:30:00.000Z');
    await createAppointment(t.db, {
      patientId: patient.id,
      doctorId: doctor.id,
      startsAt: new Date('2026-03-06T15:00:00Z'),
      status: 'pending',
      createdAt: new Date('2026-03-06T14:30:00Z'), // held: ten minutes old at 14:40
    });

    clock.set(new Date('2026-03-06T14:40:00Z'));
    expect(await nextOf(country, doctor.id)).toBe('2026-03-06T15:30:00.000Z');
  });

  it('follows the US daylight-saving change (2026-03-08) and the European one (2026-03-29)', async () => {
    const country = newCountry();
    const newYork = await add({ country, timeZone: 'America/New_York' });
    const auckland = await add({ country, timeZone: 'Pacific/Auckland', availableFrom: '12:30', availableTo: '13:00' });

    // Saturday 18:00 EST: Sunday's 09:00 is already EDT, 13:00 UTC rather than 14:00.
    clock.set(new Date('2026-03-07T23:00:00Z'));
    expect(await nextOf(country, newYork.id)).toBe('2026-03-08T13:00:00.000Z');

    // 00:30 GMT on the night London moves to BST: its "today" ends at 23:00 UTC, so Auckland's
    // next 12:30 NZDT slot (23:30 UTC, 00:30 BST on the 30th) is not today but is within 3 days.
    clock.set(new Date('2026-03-29T00:30:00Z'));
    expect(await nextOf(country, auckland.id)).toBe('2026-03-29T23:30:00.000Z');
    const today = ids((await search({ country, timeZone: 'Europe/London', available: 'today' })).doctors);
    expect(today).toEqual([newYork.id]);
    const soon = ids(
      (await search({ country, timeZone: 'Europe/London', available: '3days', sort: 'soonest' })).doctors,
    );
    expect(soon).toEqual([newYork.id, auckland.id]);
  });

  it('agrees with the availability endpoint for every doctor', async () => {
    const country = newCountry();
    const patient = await createUser(t.db, {});
    const made = [
      await add({ country, timeZone: 'Asia/Kolkata' }),
      await add({ country, timeZone: 'America/New_York', availableFrom: '10:00', availableTo: '12:00' }),
      await add({ country, timeZone: 'Europe/London', availableFrom: '09:00:00', availableTo: '' }),
      await add({ country, timeZone: 'Asia/Kathmandu', availableFrom: 'late', availableTo: '17:00' }),
      await add({ country, timeZone: 'Australia/Lord_Howe' }),
      await add({ country, timeZone: 'America/St_Johns', availableFrom: '17:00', availableTo: '18:00' }),
    ];
    for (const at of ['2026-03-07T22:10:00Z', '2026-03-28T23:59:00Z', '2026-10-31T12:00:00Z']) {
      clock.set(new Date(at));
      for (const [i, doctor] of made.entries()) {
        // Take the first two slots the endpoint offers, so the SQL has to look past them.
        const from = new Date(Date.parse(at) - 86_400_000).toISOString().slice(0, 10);
        const before = ((await availability(doctor.id, from, 10)).json() as { slots: Slot[] }).slots;
        const free = before.filter((s) => s.available && Date.parse(s.startsAt) > Date.parse(at));
        for (const slot of free.slice(0, i % 3)) {
          await createAppointment(t.db, {
            patientId: patient.id,
            doctorId: doctor.id,
            startsAt: new Date(slot.startsAt),
            status: 'confirmed',
          });
        }
      }
      const cards = (await search({ country, timeZone: 'Europe/London', limit: 50 })).doctors;
      for (const doctor of made) {
        const from = new Date(Date.parse(at) - 86_400_000).toISOString().slice(0, 10);
        const slots = ((await availability(doctor.id, from, 10)).json() as { slots: Slot[] }).slots;
        // The card looks as far as the start of the visitor's 7th day ahead.
        const weekEnd = zonedInstant(
          addDays(wallClock(new Date(at), 'Europe/London').date, 7),
          '00:00',
          'Europe/London',
        );
        const expected =
          slots
            .filter((s) => s.available && Date.parse(s.startsAt) < weekEnd.getTime())
            .map((s) => s.startsAt)
            .sort()[0] ?? null;
        const card = cards.find((c) => c.id === doctor.id)!;
        expect(card.nextAvailableAt, `${doctor.timeZone} at ${at}`).toBe(expected);
      }
    }
    await t.db.update(doctors).set({ isActive: false }).where(eq(doctors.country, country));
  });
});
