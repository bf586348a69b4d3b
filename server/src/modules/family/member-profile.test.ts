import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/clock';
import { createAppointment } from '../../db/factories';
import { auditEvents, familyMemberProfiles, familyMembers } from '../../db/schema';
import { bookableDoctor } from '../../test-support/booking-fixtures';
import { createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';

/*
 * A family member's own health profile (issue 42): the holder keeps it; a doctor reads it only
 * around a paid visit booked for that member; everyone else is told it does not exist.
 */

const NOW = new Date('2026-12-04T10:00:00Z');
const DAY = 86_400_000;
let t: TestContext;
type Who = { id: string; cookie: string };
let ana: Who;
let stranger: Who;
let treating: Who & { doctorId: string };
let lapsed: Who & { doctorId: string };
let anasOwnDoctor: Who & { doctorId: string };
let unpaid: Who & { doctorId: string };
let admin: Who;
let mayaId: string;

const PROFILE = {
  gender: 'female',
  phoneNumber: '+34 600 000 000',
  address: 'Calle Mayor 1',
  city: 'Madrid',
  state: '',
  zipCode: '28013',
  country: 'Spain',
  emergencyContactName: 'Ana García',
  emergencyContactPhone: '+34 600 000 001',
  emergencyContactRelation: 'parent',
  medicalHistory: 'Asthma since 2021',
  currentMedications: 'Salbutamol inhaler',
  allergies: 'Penicillin',
  preferredLanguage: 'Spanish',
};
const url = (id: string) => `/api/family-members/${id}/health-profile`;
const call = (
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  path: string,
  as: Who,
  payload?: object,
  headers: Record<string, string> = {},
) => t.app.inject({ method, url: path, headers: { cookie: as.cookie, ...headers }, ...(payload ? { payload } : {}) });
const stored = () => t.db.select().from(familyMemberProfiles).where(eq(familyMemberProfiles.familyMemberId, mayaId));
const aDoctor = async (firstName: string) => {
  const d = await bookableDoctor(t.db, { user: { firstName, lastName: 'Okafor' } });
  return { id: d.user.id, doctorId: d.doctor.id, cookie: d.cookie };
};

beforeAll(async () => {
  t = await createTestApp({}, { clock: fixedClock(NOW) });
  const a = await signedInUser(t.db, { firstName: 'Ana', lastName: 'García' });
  ana = { id: a.user.id, cookie: a.cookie };
  const s = await signedInUser(t.db, { firstName: 'Sam', lastName: 'Stone' });
  stranger = { id: s.user.id, cookie: s.cookie };
  treating = await aDoctor('Tara');
  lapsed = await aDoctor('Lars');
  anasOwnDoctor = await aDoctor('Omar');
  unpaid = await aDoctor('Uma');
  const adm = await signedInUser(t.db, { firstName: 'Ada', lastName: 'Admin', userType: 'admin' });
  admin = { id: adm.user.id, cookie: adm.cookie };
  // Ana's own record, which only her own doctor may read.
  const own = await call('POST', '/api/patients/profile', ana, {
    ...PROFILE,
    dateOfBirth: '1985-02-01',
    allergies: 'Latex',
    agreedToTerms: true,
  });
  if (own.statusCode !== 201) throw new Error(own.body);
  const res = await call('POST', '/api/family-members', ana, {
    firstName: 'Maya',
    lastName: 'García',
    dateOfBirth: '2018-05-04',
    relationship: 'child',
  });
  mayaId = res.json().id;
  // A paid visit for Maya in two days; one 40 days ago with another doctor; Ana's own visit with a third.
  await createAppointment(t.db, {
    patientId: ana.id,
    doctorId: treating.doctorId,
    familyMemberId: mayaId,
    startsAt: new Date(NOW.getTime() + 2 * DAY),
    status: 'confirmed',
  });
  await createAppointment(t.db, {
    patientId: ana.id,
    doctorId: lapsed.doctorId,
    familyMemberId: mayaId,
    startsAt: new Date(NOW.getTime() - 40 * DAY),
    status: 'completed',
  });
  await createAppointment(t.db, {
    patientId: ana.id,
    doctorId: anasOwnDoctor.doctorId,
    startsAt: new Date(NOW.getTime() + 3 * DAY),
    status: 'confirmed',
  });
  // An unpaid hold for Maya tomorrow: it opens nothing.
  await createAppointment(t.db, {
    patientId: ana.id,
    doctorId: unpaid.doctorId,
    familyMemberId: mayaId,
    startsAt: new Date(NOW.getTime() + DAY),
    status: 'pending',
  });
});
afterAll(async () => t?.close());

describe("a family member's health profile: the attacker", () => {
  it('none saved yet: null for the holder, 404 with its words for anyone else', async () => {
    const own = await call('GET', url(mayaId), ana);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toBeNull();
    const doctor = await call('GET', url(mayaId), treating);
    expect(doctor.statusCode).toBe(404);
    expect(doctor.json().message).toBe('This family member has no health profile yet.');
    expect((await call('GET', url(mayaId), stranger)).statusCode).toBe(404);
  });

  it('a stranger cannot write or read it; a doctor cannot write it; nothing is stored', async () => {
    expect((await call('PUT', url(mayaId), stranger, PROFILE)).statusCode).toBe(404);
    expect((await call('PUT', url(mayaId), treating, PROFILE)).statusCode).toBe(403);
    expect(await stored()).toEqual([]);
  });

  it('NUL, an over-long field, a bad choice or a malformed id: 400 and nothing stored', async () => {
    for (const bad of [
      { ...PROFILE, allergies: 'Pollen\u0000' },
      { ...PROFILE, city: 'x'.repeat(101) },
      { ...PROFILE, gender: 'robot' },
      { ...PROFILE, phoneNumber: 'call me' },
      { ...PROFILE, medicalHistory: 'x'.repeat(4001) },
    ]) {
      const res = await call('PUT', url(mayaId), ana, bad);
      expect(res.statusCode, JSON.stringify(bad).slice(0, 80)).toBe(400);
    }
    expect((await call('PUT', url('not-a-uuid'), ana, PROFILE)).statusCode).toBe(400);
    expect(await stored()).toEqual([]);
  });
});

describe("a family member's health profile: who reads it", () => {
  it('the holder saves it and reads it back; the trail names the fields, never their values', async () => {
    const saved = await call('PUT', url(mayaId), ana, PROFILE);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ ...PROFILE, state: null, familyMemberId: mayaId });
    const again = await call('PUT', url(mayaId), ana, { ...PROFILE, allergies: 'Penicillin, nuts' });
    expect(again.json().allergies).toBe('Penicillin, nuts');
    const read = await call('GET', url(mayaId), ana);
    expect(read.statusCode).toBe(200);
    expect(read.json().allergies).toBe('Penicillin, nuts');
    const trail = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'family_member.profile_update'), eq(auditEvents.targetId, mayaId)));
    expect(trail).toHaveLength(2);
    expect(JSON.stringify(trail)).not.toContain('Penicillin');
  });

  it("a doctor with a paid visit for Maya reads it, in Ana's access log; others are 404", async () => {
    const read = await call('GET', url(mayaId), treating);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ allergies: 'Penicillin, nuts', currentMedications: 'Salbutamol inhaler' });
    const log = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, treating.id), eq(auditEvents.targetId, mayaId)));
    expect(log.map((r) => [r.subjectUserId, r.targetType])).toContainEqual([ana.id, 'family_members']);
    // A visit for Maya 40 days ago: the window closed 30 days after it.
    expect((await call('GET', url(mayaId), lapsed)).statusCode).toBe(404);
    // Ana's own doctor treats Ana, not Maya.
    expect((await call('GET', url(mayaId), anasOwnDoctor)).statusCode).toBe(404);
    expect((await call('GET', url(mayaId), stranger)).statusCode).toBe(404);
  });

  it("Ana's access log shows the doctor's read of Maya's record", async () => {
    const log = (await call('GET', '/api/patients/profile/access-log', ana)).json() as {
      name: string | null;
      what: string;
    }[];
    expect(log).toContainEqual(expect.objectContaining({ name: 'Dr. Tara Okafor', what: 'Family members' }));
  });

  it('a doctor whose only visit for Maya is an unpaid hold: 404, and no read is logged', async () => {
    expect((await call('GET', url(mayaId), unpaid)).statusCode).toBe(404);
    expect(await t.db.select().from(auditEvents).where(eq(auditEvents.actorId, unpaid.id))).toEqual([]);
  });

  it("a visit booked for Maya opens Maya's record to her doctor, not Ana's", async () => {
    // Before issue 42's health profile, Maya's doctor could read the booker's own record.
    expect((await call('GET', `/api/patients/${ana.id}/profile`, treating)).statusCode).toBe(404);
    const anas = await call('GET', `/api/patients/${ana.id}/profile`, anasOwnDoctor);
    expect(anas.statusCode).toBe(200);
    expect(anas.json().allergies).toBe('Latex');
  });

  it("an administrator reads it, in Ana's access log", async () => {
    const read = await call('GET', url(mayaId), admin);
    expect(read.statusCode).toBe(200);
    expect(read.json().familyMemberId).toBe(mayaId);
    const log = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, admin.id), eq(auditEvents.action, 'patient_record.read')));
    expect(log.map((r) => [r.subjectUserId, r.targetType, r.targetId])).toEqual([[ana.id, 'family_members', mayaId]]);
  });

  it('a save sent twice with one Idempotency-Key is stored once; the second answer is the first replayed', async () => {
    const trail = () =>
      t.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'family_member.profile_update'), eq(auditEvents.targetId, mayaId)));
    const before = (await trail()).length;
    const key = { 'idempotency-key': 'maya-health-profile-1' };
    const body = { ...PROFILE, allergies: 'Penicillin, nuts', currentMedications: 'Salbutamol, cetirizine' };
    const first = await call('PUT', url(mayaId), ana, body, key);
    const second = await call('PUT', url(mayaId), ana, body, key);
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(await trail()).toHaveLength(before + 1);
    expect((await stored())[0].currentMedications).toBe('Salbutamol, cetirizine');
  });

  it('the data export carries it beside the member', async () => {
    const exported = (await call('GET', '/api/patients/me/export', ana)).json();
    const maya = exported.familyMembers.find((m: { id: string }) => m.id === mayaId);
    expect(maya.healthProfile).toMatchObject({ allergies: 'Penicillin, nuts', city: 'Madrid' });
    expect(maya.takenOverAt).toBeNull();
  });

  it('after Maya is removed, the holder can neither read nor save it', async () => {
    expect((await call('DELETE', `/api/family-members/${mayaId}`, ana)).statusCode).toBe(204);
    expect((await call('GET', url(mayaId), ana)).statusCode).toBe(404);
    expect((await call('PUT', url(mayaId), ana, PROFILE)).statusCode).toBe(404);
  });
});

describe("a family member's health profile: account deletion", () => {
  it('deleting the holder’s account deletes the profiles kept for their members', async () => {
    const password = 'correct horse battery';
    const eva = await signedInUser(t.db, { firstName: 'Eva', lastName: 'Gone', password });
    const me = { id: eva.user.id, cookie: eva.cookie };
    const member = (
      await call('POST', '/api/family-members', me, {
        firstName: 'Leo',
        lastName: 'Gone',
        dateOfBirth: '2015-01-01',
        relationship: 'child',
      })
    ).json();
    expect((await call('PUT', url(member.id), me, PROFILE)).statusCode).toBe(200);
    const kept = () =>
      t.db.select().from(familyMemberProfiles).where(eq(familyMemberProfiles.familyMemberId, member.id));
    expect(await kept()).toHaveLength(1);
    expect((await call('POST', '/api/patients/me/delete', me, { password })).statusCode).toBeLessThan(300);
    expect(await kept()).toEqual([]);
    expect(await t.db.select().from(familyMembers).where(eq(familyMembers.id, member.id))).toEqual([]);
    // Ana's member and profile are untouched.
    expect(await stored()).toHaveLength(1);
  });
});
