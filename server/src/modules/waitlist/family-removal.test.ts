import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/clock';
import { createAppointment } from '../../db/factories';
import { appointments, doctorSchedules, waitlistEntries } from '../../db/schema';
import { bookableDoctor } from '../../test-support/booking-fixtures';
import { createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';

/*
 * Removing a family member ends their waiting (docs/waitlist.md, "Ending"): a removed member is no
 * longer on the account, so nothing may be held or offered for them.
 */

// 07:00 in New York: the doctors keep one half-hour slot a day, at 09:00, all taken.
const clock = fixedClock(new Date('2026-12-02T12:00:00Z'));
const slotOn = (day: number) => new Date(`2026-12-0${day}T14:00:00Z`);
const BEFORE = '2026-12-07';

let t: TestContext;
type Who = { id: string; cookie: string };
type Doctor = { doctorId: string; cookie: string; fillers: Map<number, string> };
let filler: Who;

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, as: { cookie: string }, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: as.cookie }, ...(payload ? { payload } : {}) });
const patient = async (firstName: string): Promise<Who> => {
  const { user, cookie } = await signedInUser(t.db, { firstName, lastName: 'Waits' });
  return { id: user.id, cookie };
};
const addMember = async (holder: Who, firstName: string): Promise<string> => {
  const reply = await call('POST', '/api/family-members', holder, {
    firstName,
    lastName: 'Waits',
    dateOfBirth: '2018-05-04',
    relationship: 'child',
  });
  expect(reply.statusCode).toBe(201);
  return reply.json().id as string;
};

async function fullDoctor(lastName: string): Promise<Doctor> {
  const { doctor, cookie } = await bookableDoctor(t.db, { user: { firstName: 'Dana', lastName } });
  const day = [{ start: '09:00', end: '09:30' }];
  await t.db
    .update(doctorSchedules)
    .set({ weekly: { mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: day } })
    .where(eq(doctorSchedules.doctorId, doctor.id));
  const fillers = new Map<number, string>();
  for (const d of [2, 3, 4, 5, 6]) {
    const row = await createAppointment(t.db, {
      patientId: filler.id,
      doctorId: doctor.id,
      startsAt: slotOn(d),
      status: 'confirmed',
      durationMinutes: 30,
      timeZone: 'America/New_York',
    });
    fillers.set(d, row.id);
  }
  return { doctorId: doctor.id, cookie, fillers };
}
const join = async (who: Who, doctor: Doctor, familyMemberId?: string): Promise<string> => {
  const reply = await call('POST', '/api/waitlist', who, {
    doctorId: doctor.doctorId,
    consultationType: 'video',
    before: BEFORE,
    ...(familyMemberId ? { familyMemberId } : {}),
  });
  expect(reply.statusCode).toBe(201);
  clock.advance(1000);
  return reply.json().id as string;
};
const doctorCancels = (doctor: Doctor, day: number) =>
  call('POST', `/api/doctor/appointments/${doctor.fillers.get(day)}/cancel`, doctor, { reason: 'Called away' });
const statusOf = async (entryId: string) =>
  (await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, entryId)))[0].status;
const holdsOf = (who: Who, doctor: Doctor) =>
  t.db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.patientId, who.id),
        eq(appointments.doctorId, doctor.doctorId),
        eq(appointments.status, 'pending'),
      ),
    );

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  filler = await patient('Filler');
});
afterAll(async () => t?.close());

describe('removing a family member ends their waiting', () => {
  it("removing another account's member is 404 and changes nothing: the entry waits and the offer stands", async () => {
    const doctor = await fullDoctor('Stranger');
    const ana = await patient('Ana');
    const sam = await patient('Sam');
    const maya = await addMember(ana, 'Maya');
    const entry = await join(ana, doctor, maya);
    const later = await join(ana, await fullDoctor('Later'), maya);
    await doctorCancels(doctor, 4);
    expect(await statusOf(entry)).toBe('offered');

    const reply = await call('DELETE', `/api/family-members/${maya}`, sam);
    expect(reply.statusCode).toBe(404);
    expect(await statusOf(entry)).toBe('offered');
    expect(await statusOf(later)).toBe('active');
    expect((await holdsOf(ana, doctor)).map((h) => h.startsAt)).toEqual([slotOn(4)]);
    expect((await call('GET', `/api/family-members/${maya}`, ana)).statusCode).toBe(200);
  });

  it("the member's waiting entry ends and My Appointments shows it ended; others' and the holder's own wait on", async () => {
    const doctor = await fullDoctor('Active');
    const ana = await patient('Ana');
    const maya = await addMember(ana, 'Maya');
    const leo = await addMember(ana, 'Leo');
    const mayas = await join(ana, doctor, maya);
    const leos = await join(ana, doctor, leo);
    const own = await join(ana, doctor);

    expect((await call('DELETE', `/api/family-members/${maya}`, ana)).statusCode).toBe(204);
    const list = (await call('GET', '/api/waitlist', ana)).json() as { id: string; status: string }[];
    const byId = new Map(list.map((e) => [e.id, e.status]));
    expect(byId.get(mayas)).toBe('cancelled');
    expect(byId.get(leos)).toBe('active');
    expect(byId.get(own)).toBe('active');
    // Ended, it no longer counts as live: "Stop waiting" on it changes nothing more.
    expect((await call('DELETE', `/api/waitlist/${mayas}`, ana)).statusCode).toBe(204);
    expect(await statusOf(mayas)).toBe('cancelled');

    // A slot that frees later is never offered for the removed member.
    await doctorCancels(doctor, 3);
    const [hold] = await holdsOf(ana, doctor);
    expect(hold).toMatchObject({ startsAt: slotOn(3), familyMemberId: leo });
    expect(await statusOf(leos)).toBe('offered');
  });

  it('a slot held for the member as an offer is released and offered to the next in line', async () => {
    const doctor = await fullDoctor('Offer');
    const ana = await patient('Ana');
    const ben = await patient('Ben');
    const maya = await addMember(ana, 'Maya');
    const mayas = await join(ana, doctor, maya);
    const bens = await join(ben, doctor);
    await doctorCancels(doctor, 5);
    const [held] = await holdsOf(ana, doctor);
    expect(held).toMatchObject({ startsAt: slotOn(5), familyMemberId: maya });
    expect(await statusOf(mayas)).toBe('offered');

    expect((await call('DELETE', `/api/family-members/${maya}`, ana)).statusCode).toBe(204);
    expect(await statusOf(mayas)).toBe('cancelled');
    const [released] = await t.db.select().from(appointments).where(eq(appointments.id, held.id));
    expect(released.status).toBe('cancelled');
    expect(await holdsOf(ana, doctor)).toEqual([]);
    expect((await holdsOf(ben, doctor)).map((h) => h.startsAt)).toEqual([slotOn(5)]);
    expect(await statusOf(bens)).toBe('offered');
    const [mine] = (await call('GET', '/api/waitlist', ana)).json();
    expect(mine).toMatchObject({ id: mayas, status: 'cancelled', offer: null });
  });
});
