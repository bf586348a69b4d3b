import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, auditEvents } from '../../db/schema';
import { book, bookableDoctor, localDate, payWithCard } from '../../test-support/booking-fixtures';
import { createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';

let t: TestContext;
type Who = { id: string; cookie: string };
let ana: Who;
let stranger: Who;
let doctor: Who & { doctorId: string };
let otherDoctor: Who & { doctorId: string };
let mayaId: string;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, as: Who, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: as.cookie }, ...(payload ? { payload } : {}) });
const patient = async (firstName: string, lastName: string): Promise<Who> => {
  const { user, cookie } = await signedInUser(t.db, { firstName, lastName });
  return { id: user.id, cookie };
};
const aDoctor = async (firstName: string) => {
  const { user, doctor: row, cookie } = await bookableDoctor(t.db, { user: { firstName, lastName: 'Okafor' } });
  return { id: user.id, doctorId: row.id, cookie };
};
const addMember = async (holder: Who, body: object) => {
  const res = await call('POST', '/api/family-members', holder, body);
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
};
const bookingsOf = (patientId: string) => t.db.select().from(appointments).where(eq(appointments.patientId, patientId));

beforeAll(async () => {
  t = await createTestApp();
  ana = await patient('Ana', 'García');
  stranger = await patient('Sam', 'Stone');
  doctor = await aDoctor('Dora');
  otherDoctor = await aDoctor('Omar');
  mayaId = await addMember(ana, {
    firstName: 'Maya',
    lastName: 'García',
    dateOfBirth: '2018-05-04',
    relationship: 'child',
  });
});
afterAll(async () => t?.close());

describe('booking for a family member: the attacker', () => {
  it("another patient's family member id is 404 and nothing is booked", async () => {
    const res = await book(t.app, stranger.cookie, {
      doctorId: doctor.doctorId,
      appointmentDate: localDate(5),
      forFamilyMemberId: mayaId,
    } as Parameters<typeof book>[2]);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Family member not found.');
    expect(await bookingsOf(stranger.id)).toEqual([]);
    expect(await bookingsOf(ana.id)).toEqual([]);
  });

  it('a removed family member cannot be booked for; a malformed id is a 400', async () => {
    const gone = await addMember(ana, {
      firstName: 'Leo',
      lastName: 'García',
      dateOfBirth: '2020-01-01',
      relationship: 'child',
    });
    expect((await call('DELETE', `/api/family-members/${gone}`, ana)).statusCode).toBe(204);
    const removed = await book(t.app, ana.cookie, {
      doctorId: doctor.doctorId,
      appointmentDate: localDate(5),
      forFamilyMemberId: gone,
    } as Parameters<typeof book>[2]);
    expect(removed.statusCode).toBe(404);
    const malformed = await book(t.app, ana.cookie, {
      doctorId: doctor.doctorId,
      appointmentDate: localDate(5),
      forFamilyMemberId: 'not-a-uuid',
    } as Parameters<typeof book>[2]);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields?.forFamilyMemberId).toBe('Family member id must be a UUID');
    expect(await bookingsOf(ana.id)).toEqual([]);
  });
});

describe('booking for a family member: the holder books, the doctor sees the child', () => {
  let appointmentId: string;

  it('the holder books for Maya; the appointment is the holder’s and names Maya', async () => {
    const res = await book(t.app, ana.cookie, {
      doctorId: doctor.doctorId,
      appointmentDate: localDate(7),
      appointmentTime: '11:00 AM',
      forFamilyMemberId: mayaId,
    } as Parameters<typeof book>[2]);
    expect(res.statusCode).toBe(201);
    const booked = res.json();
    appointmentId = booked.id;
    expect(booked.patientId).toBe(ana.id);
    expect(booked.patient).toMatchObject({ firstName: 'Ana', lastName: 'García' });
    expect(booked.familyMember).toEqual({
      id: mayaId,
      firstName: 'Maya',
      lastName: 'García',
      dateOfBirth: '2018-05-04',
      relationship: 'child',
    });
    const [row] = await bookingsOf(ana.id);
    expect(row.familyMemberId).toBe(mayaId);
    const mine = (await call('GET', '/api/appointments/patient', ana)).json() as {
      id: string;
      familyMember: unknown;
    }[];
    expect(mine.find((a) => a.id === appointmentId)?.familyMember).toMatchObject({ firstName: 'Maya' });
  });

  it("the holder's own booking carries no family member", async () => {
    const res = await book(t.app, ana.cookie, {
      doctorId: otherDoctor.doctorId,
      appointmentDate: localDate(8),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().familyMember).toBeNull();
  });

  it("the doctor's lists show Maya's name and date of birth, and the read is in Ana's access log", async () => {
    const lists = (await call('GET', '/api/appointments/doctor', doctor)).json();
    const shown = [...lists.upcoming, ...lists.past].find((a: { id: string }) => a.id === appointmentId);
    expect(shown.familyMember).toMatchObject({ firstName: 'Maya', lastName: 'García', dateOfBirth: '2018-05-04' });
    expect(shown.patient).toMatchObject({ firstName: 'Ana', lastName: 'García' });
    const book = (await call('GET', '/api/doctor/appointments?scope=upcoming', doctor)).json();
    expect(book.items.find((a: { id: string }) => a.id === appointmentId)?.familyMember?.firstName).toBe('Maya');
    const reads = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, doctor.id), eq(auditEvents.targetType, 'family_members')));
    expect(reads.map((r) => [r.subjectUserId, r.targetId])).toContainEqual([ana.id, mayaId]);
  });

  it('the doctor reads Maya through the policy (audited); another doctor and a stranger cannot', async () => {
    const read = await call('GET', `/api/family-members/${mayaId}`, doctor);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ firstName: 'Maya', dateOfBirth: '2018-05-04' });
    expect((await call('GET', `/api/family-members/${mayaId}`, otherDoctor)).statusCode).toBe(404);
    expect((await call('GET', `/api/family-members/${mayaId}`, stranger)).statusCode).toBe(404);
    // The doctor reads; only the holder manages.
    expect((await call('DELETE', `/api/family-members/${mayaId}`, doctor)).statusCode).toBe(403);
  });

  it('paid: the room and the visit notes show Maya to the doctor; the holder is the one who joins', async () => {
    const paid = await payWithCard(t.app, ana.cookie, appointmentId);
    expect(paid.confirm.statusCode).toBe(200);
    const room = await call('GET', `/api/consultations/${appointmentId}`, doctor);
    expect(room.statusCode).toBe(200);
    expect(room.json().familyMember).toMatchObject({ firstName: 'Maya', relationship: 'child' });
    expect(room.json().patient).toMatchObject({ id: ana.id, firstName: 'Ana' });
    expect((await call('GET', `/api/consultations/${appointmentId}`, ana)).statusCode).toBe(200);
    const notes = await call('GET', `/api/appointments/${appointmentId}/visit-notes`, doctor);
    expect(notes.statusCode).toBe(200);
    expect(notes.json().appointment.familyMember).toMatchObject({ firstName: 'Maya', dateOfBirth: '2018-05-04' });
  });

  it('after Maya is removed from the list, her visit still names her', async () => {
    expect((await call('DELETE', `/api/family-members/${mayaId}`, ana)).statusCode).toBe(204);
    const one = (await call('GET', `/api/appointments/${appointmentId}`, doctor)).json();
    expect(one.familyMember).toMatchObject({ firstName: 'Maya' });
  });
});
