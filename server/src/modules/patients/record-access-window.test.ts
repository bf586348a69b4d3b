import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppointmentStatus } from '@common/constants/statuses';
import { createAppointment } from '../../db/factories';
import { auditEvents, patientProfiles, visitNotes } from '../../db/schema';
import { bookableDoctor, book, localDate } from '../../test-support/booking-fixtures';
import { createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const PROFILE = {
  dateOfBirth: '1979-03-02',
  gender: 'male',
  phoneNumber: '+1 555 010 4444',
  address: '4 Oak Lane',
  city: 'Albany',
  country: 'United States',
  emergencyContactName: 'Rae Kim',
  emergencyContactPhone: '+1 555 010 5555',
  emergencyContactRelation: 'sibling',
  medicalHistory: 'Type 2 diabetes',
  allergies: 'Latex',
  agreedToTerms: true,
};

async function patientWithProfile() {
  const patient = await signedInUser(t.db);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/patients/profile',
    headers: { cookie: patient.cookie },
    payload: PROFILE,
  });
  expect(res.statusCode, res.body).toBe(201);
  return patient;
}

async function doctorReads(visit: { status: AppointmentStatus; inDays: number; sharedDaysAgo?: number }) {
  const patient = await patientWithProfile();
  const doctor = await bookableDoctor(t.db);
  const appointment = await createAppointment(t.db, {
    patientId: patient.user.id,
    doctorId: doctor.doctor.id,
    startsAt: new Date(Date.now() + visit.inDays * DAY),
    status: visit.status,
  });
  if (visit.sharedDaysAgo !== undefined) {
    await t.db.insert(visitNotes).values({
      appointmentId: appointment.id,
      diagnosis: 'Seasonal allergy',
      sharedAt: new Date(Date.now() - visit.sharedDaysAgo * DAY),
    });
  }
  const res = await t.app.inject({
    url: `/api/patients/${patient.user.id}/profile`,
    headers: { cookie: doctor.cookie },
  });
  const reads = await t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.subjectUserId, patient.user.id), eq(auditEvents.action, 'patient_record.read')));
  return { status: res.statusCode, body: res.body, reads: reads.filter((r) => r.actorId === doctor.user.id) };
}

describe("a doctor reads a patient's profile only around a paid visit", () => {
  it('an unpaid, pending booking opens nothing (the attack: book, never pay, read the record)', async () => {
    const patient = await patientWithProfile();
    const doctor = await bookableDoctor(t.db);
    const booked = await book(t.app, patient.cookie, { doctorId: doctor.doctor.id, appointmentDate: localDate(3) });
    expect(booked.statusCode, booked.body).toBe(201);
    const res = await t.app.inject({
      url: `/api/patients/${patient.user.id}/profile`,
      headers: { cookie: doctor.cookie },
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(PROFILE.allergies);
  });

  it.each([
    ['pending, in 2 days', { status: 'pending', inDays: 2 }],
    ['cancelled, in 2 days', { status: 'cancelled', inDays: 2 }],
    ['confirmed, 8 days ahead (too early)', { status: 'confirmed', inDays: 8 }],
    ['completed 31 days ago (lapsed)', { status: 'completed', inDays: -31 }],
    ['no-show 3 days ago', { status: 'no-show', inDays: -3 }],
    ['completed 60 days ago, summary shared 31 days ago', { status: 'completed', inDays: -60, sharedDaysAgo: 31 }],
  ] as const)('refuses (404, nothing audited): %s', async (_, visit) => {
    const { status, body, reads } = await doctorReads(visit);
    expect(status).toBe(404);
    expect(body).not.toContain(PROFILE.medicalHistory);
    expect(reads).toEqual([]);
  });

  it.each([
    ['confirmed, 6 days ahead', { status: 'confirmed', inDays: 6 }],
    ['scheduled, tomorrow', { status: 'scheduled', inDays: 1 }],
    ['completed 29 days ago', { status: 'completed', inDays: -29 }],
    ['completed 50 days ago, summary shared 10 days ago', { status: 'completed', inDays: -50, sharedDaysAgo: 10 }],
  ] as const)('allows and audits each read: %s', async (_, visit) => {
    const { status, body, reads } = await doctorReads(visit);
    expect(status, body).toBe(200);
    expect(JSON.parse(body).allergies).toBe(PROFILE.allergies);
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatchObject({ actorRole: 'doctor', targetType: 'profile' });
  });

  it('the patient sees each read in their access log (two within ten minutes: one line, counted twice)', async () => {
    const patient = await patientWithProfile();
    const doctor = await bookableDoctor(t.db, { user: { firstName: 'Lena', lastName: 'Ortiz' } });
    await createAppointment(t.db, {
      patientId: patient.user.id,
      doctorId: doctor.doctor.id,
      startsAt: new Date(Date.now() + 2 * DAY),
      status: 'confirmed',
    });
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        url: `/api/patients/${patient.user.id}/profile`,
        headers: { cookie: doctor.cookie },
      });
      expect(res.statusCode).toBe(200);
    }
    const log = await t.app.inject({ url: '/api/patients/profile/access-log', headers: { cookie: patient.cookie } });
    expect(log.json()).toEqual([
      expect.objectContaining({ name: 'Dr. Lena Ortiz', what: 'Patient profile', count: 2 }),
    ]);
    const [profile] = await t.db.select().from(patientProfiles).where(eq(patientProfiles.userId, patient.user.id));
    expect(profile).toBeDefined();
  });
});
