import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, doctors } from '../../db/schema';
import { bookableDoctor } from '../../test-support/booking-fixtures';
import { createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';

let t: TestContext;
let admin: { cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.db, { userType: 'admin' });
});
afterAll(() => t.close());

async function verifiedDoctor() {
  const lastName = `Cred${randomUUID().slice(0, 8)}`;
  const d = await bookableDoctor(t.db, {
    user: { lastName },
    doctor: {
      specialty: 'Cardiology',
      licenseNumber: 'MD-1001',
      medicalSchool: 'Johns Hopkins',
      experience: 12,
      certifications: ['Board Certified in Cardiology'],
      education: 'MD',
      fellowships: [],
      residency: null,
      country: `Credland ${lastName}`,
    },
  });
  await t.db.update(doctors).set({ profileStatus: 'verified' }).where(eq(doctors.id, d.doctor.id));
  return { ...d, lastName };
}

const save = (cookie: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/doctors/profile', headers: { cookie }, payload });
const decide = (cookie: string, doctorId: string, decision: 'approve' | 'reject') =>
  t.app.inject({ method: 'POST', url: `/api/admin/doctors/${doctorId}/credentials/${decision}`, headers: { cookie } });
const row = async (doctorId: string) => (await t.db.select().from(doctors).where(eq(doctors.id, doctorId)))[0];

/** Every answer someone other than the doctor or an administrator can get about this doctor. */
async function publicViews(doctor: { id: string; userId: string }, lastName: string) {
  const visitor = await signedInUser(t.db);
  const headers = { cookie: visitor.cookie };
  const [card, profile, search] = await Promise.all([
    t.app.inject({ url: `/api/doctors/${doctor.id}`, headers }),
    t.app.inject({ url: `/api/doctors/profile/${doctor.userId}`, headers }),
    t.app.inject({ url: `/api/doctors/search?country=${encodeURIComponent(`Credland ${lastName}`)}`, headers }),
  ]);
  return { card, profile, search };
}

const CHANGES = [
  ['licenseNumber', 'MD-9999'],
  ['specialty', 'Dermatology'],
  ['medicalSchool', 'Diploma Mill University'],
  ['education', 'A weekend course'],
  ['experience', 45],
  ['certifications', ['Board Certified in Everything']],
  ['fellowships', ['Fellowship in Miracle Cures']],
  ['residency', 'Nowhere General Hospital'],
] as const;

describe("a verified doctor's credential change waits for review", () => {
  for (const [field, value] of CHANGES) {
    it(`keeps the doctor listed with the verified values when the ${field} changes`, async () => {
      const { doctor, cookie, lastName } = await verifiedDoctor();
      const before = await row(doctor.id);
      const res = await save(cookie, { [field]: value });
      expect(res.statusCode).toBe(200);
      // The doctor sees the new value, marked as waiting for review, and stays verified.
      expect(res.json()).toMatchObject({
        profileStatus: 'verified',
        isVerified: true,
        [field]: value,
        credentialChanges: [{ field, before: before[field], after: value }],
      });
      const own = await t.app.inject({ url: '/api/profile/doctor', headers: { cookie } });
      expect(own.json()).toMatchObject({ [field]: value, credentialChanges: [{ field, after: value }] });
      const views = await publicViews(doctor, lastName);
      expect(views.card.statusCode).toBe(200);
      expect(views.card.json()[field]).toEqual(before[field]);
      expect(views.profile.statusCode).toBe(200);
      expect(views.profile.json()[field]).toEqual(before[field]);
      expect(views.profile.json()).not.toHaveProperty('credentialChanges');
      expect(views.search.json().map((d: { id: string }) => d.id)).toContain(doctor.id);
      const unchecked = typeof value === 'number' ? `"${field}":${value}` : String(value);
      for (const view of Object.values(views)) expect(view.body).not.toContain(unchecked);
      // The stored profile is untouched; only the pending change holds the new value.
      const after = await row(doctor.id);
      expect(after[field]).toEqual(before[field]);
      expect(after.pendingCredentials).toEqual({ [field]: value });
    });
  }

  it('stays verified with nothing pending when other fields change or the credentials are sent unchanged', async () => {
    const { doctor, cookie } = await verifiedDoctor();
    const res = await save(cookie, {
      about: 'Now also seeing teenagers.',
      licenseNumber: 'MD-1001',
      specialty: 'Cardiology',
    });
    expect(res.json()).toMatchObject({ profileStatus: 'verified', isVerified: true, credentialChanges: [] });
    expect((await row(doctor.id)).about).toBe('Now also seeing teenagers.');
  });

  it('withdraws a pending change when the doctor sends the verified value back', async () => {
    const { doctor, cookie } = await verifiedDoctor();
    await save(cookie, { licenseNumber: 'MD-9999', residency: 'Mercy General' });
    const res = await save(cookie, { licenseNumber: 'MD-1001' });
    expect(res.json().credentialChanges).toEqual([{ field: 'residency', before: null, after: 'Mercy General' }]);
    expect((await row(doctor.id)).pendingCredentials).toEqual({ residency: 'Mercy General' });
  });

  it('lets no doctor or patient approve or reject, not even the doctor who made the change', async () => {
    const { doctor, cookie } = await verifiedDoctor();
    await save(cookie, { licenseNumber: 'MD-6666' });
    const otherDoctor = await verifiedDoctor();
    const patient = await signedInUser(t.db);
    for (const who of [cookie, otherDoctor.cookie, patient.cookie]) {
      for (const decision of ['approve', 'reject'] as const) {
        expect((await decide(who, doctor.id, decision)).statusCode).toBe(403);
      }
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/admin/doctors/${doctor.id}/credentials/approve`,
    });
    expect(anonymous.statusCode).toBe(401);
    const after = await row(doctor.id);
    expect(after.licenseNumber).toBe('MD-1001');
    expect(after.pendingCredentials).toEqual({ licenseNumber: 'MD-6666' });
  });

  it('shows the administrator old → new, and approving applies exactly the pending values', async () => {
    const { doctor, cookie, lastName } = await verifiedDoctor();
    await save(cookie, { specialty: 'Dermatology', certifications: [], about: 'Skin first.' });
    const list = await t.app.inject({ url: `/api/admin/doctors?q=${lastName}`, headers: { cookie: admin.cookie } });
    expect(list.json().items[0].credentialChanges).toEqual([
      { field: 'specialty', before: 'Cardiology', after: 'Dermatology' },
      { field: 'certifications', before: ['Board Certified in Cardiology'], after: [] },
    ]);
    const before = await row(doctor.id);

    const res = await decide(admin.cookie, doctor.id, 'approve');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ specialty: 'Dermatology', certifications: [], isVerified: true });
    const after = await row(doctor.id);
    expect(after).toMatchObject({
      specialty: 'Dermatology',
      certifications: [],
      pendingCredentials: null,
      // Everything else is as it was.
      licenseNumber: before.licenseNumber,
      medicalSchool: before.medicalSchool,
      experience: before.experience,
      about: 'Skin first.',
      isVerified: true,
      profileStatus: 'verified',
    });
    expect((await publicViews(doctor, lastName)).card.json().specialty).toBe('Dermatology');
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, doctor.id), eq(auditEvents.action, 'doctor.credentials_approve')));
    expect(audit).toBeDefined();
    // Nothing is left to decide.
    expect((await decide(admin.cookie, doctor.id, 'approve')).statusCode).toBe(409);
  });

  it('rejecting discards the pending values and keeps the verified ones', async () => {
    const { doctor, cookie } = await verifiedDoctor();
    await save(cookie, { medicalSchool: 'Diploma Mill University', experience: 45 });
    const res = await decide(admin.cookie, doctor.id, 'reject');
    expect(res.statusCode).toBe(200);
    expect(await row(doctor.id)).toMatchObject({
      medicalSchool: 'Johns Hopkins',
      experience: 12,
      pendingCredentials: null,
    });
    const own = await t.app.inject({ url: '/api/profile/doctor', headers: { cookie } });
    expect(own.json()).toMatchObject({ medicalSchool: 'Johns Hopkins', credentialChanges: [] });
  });

  it('holds a lone surrogate as the text column would store it, never a 500', async () => {
    const { doctor, cookie } = await verifiedDoctor();
    const res = await save(cookie, { licenseNumber: 'MD-\ud800', certifications: ['Board \udc00'] });
    expect(res.statusCode).toBe(200);
    expect((await row(doctor.id)).pendingCredentials).toEqual({
      licenseNumber: 'MD-\ufffd',
      certifications: ['Board \ufffd'],
    });
  });

  it('answers 404 for an unknown doctor and 400 for a malformed id', async () => {
    expect((await decide(admin.cookie, '00000000-0000-4000-8000-000000000000', 'approve')).statusCode).toBe(404);
    expect((await decide(admin.cookie, 'not-a-uuid', 'reject')).statusCode).toBe(400);
  });

  it('saves a doctor not yet verified as sent, with nothing held for review', async () => {
    const { doctor, cookie } = await verifiedDoctor();
    await t.db.update(doctors).set({ isVerified: false }).where(eq(doctors.id, doctor.id));
    const res = await save(cookie, { licenseNumber: 'MD-2002' });
    expect(res.json()).toMatchObject({ licenseNumber: 'MD-2002', credentialChanges: [] });
    expect((await row(doctor.id)).licenseNumber).toBe('MD-2002');
  });
});
