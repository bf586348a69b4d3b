import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../db/factories';
import { appointments, auditEvents, patientProfiles, payments, sessions, users } from '../../db/schema';
import { book, bookableDoctor, localDate, payWithCard } from '../../test-support/booking-fixtures';
import { cookieFor, createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

export const PROFILE = {
  dateOfBirth: '1988-05-14',
  gender: 'female',
  phoneNumber: '+1 555 010 2030',
  address: '12 Elm Street',
  city: 'Springfield',
  state: 'IL',
  zipCode: '62701',
  country: 'United States',
  emergencyContactName: 'Sam Reyes',
  emergencyContactPhone: '+1 555 010 9999',
  emergencyContactRelation: 'spouse',
  medicalHistory: 'Asthma since childhood',
  currentMedications: 'Salbutamol inhaler',
  allergies: 'Penicillin',
  preferredLanguage: 'Spanish',
  agreedToTerms: true,
};

const call = (cookie: string | undefined, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });

describe('patient profile', () => {
  it('creates once, reads and edits its own profile', async () => {
    const { cookie, user } = await signedInUser(t.db);
    const created = await call(cookie, 'POST', '/api/patients/profile', PROFILE);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ userId: user.id, allergies: 'Penicillin', preferredLanguage: 'Spanish' });
    expect(created.headers['cache-control']).toBe('no-store');

    const again = await call(cookie, 'POST', '/api/patients/profile', PROFILE);
    expect(again.statusCode).toBe(409);

    const { agreedToTerms: _, ...fields } = PROFILE;
    const edited = await call(cookie, 'PUT', '/api/patients/profile', { ...fields, city: 'Chicago', allergies: '' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ city: 'Chicago', allergies: null });
    const read = await call(cookie, 'GET', '/api/patients/profile');
    expect(read.json().city).toBe('Chicago');
  });

  it('answers null before a profile exists, and 401 when signed out', async () => {
    const { cookie } = await signedInUser(t.db);
    const none = await call(cookie, 'GET', '/api/patients/profile');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
    expect((await call(undefined, 'POST', '/api/patients/profile', PROFILE)).statusCode).toBe(401);
  });

  it.each([
    ['dateOfBirth', '', 'Date of birth is required'],
    ['gender', undefined, 'Gender is required'],
    ['phoneNumber', '', 'Phone number is required'],
    ['phoneNumber', 'call me', 'Phone number must be a phone number'],
    ['address', '  ', 'Address is required'],
    ['city', undefined, 'City is required'],
    ['country', '', 'Country is required'],
    ['emergencyContactName', '', 'Emergency contact name is required'],
    ['emergencyContactPhone', '', 'Emergency contact phone is required'],
    ['emergencyContactRelation', 'cousin', 'Emergency contact relationship is required'],
    ['preferredLanguage', 'Japanese', 'Choose a language from the list'],
    ['agreedToTerms', false, 'Please agree to the terms and conditions to continue.'],
    ['medicalHistory', 'bad\u0000text', 'Medical history contains characters that are not allowed'],
    ['dateOfBirth', '2999-01-01', 'Date of birth cannot be in the future'],
    ['dateOfBirth', '1899-12-31', 'Date of birth cannot be before 1900'],
    ['dateOfBirth', '1990-02-30', 'Date of birth must be a date like 1990-04-21'],
  ])('refuses %s = %j with "%s"', async (field, value, message) => {
    const { cookie } = await signedInUser(t.db);
    const res = await call(cookie, 'POST', '/api/patients/profile', { ...PROFILE, [field]: value });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields[field]).toBe(message);
  });

  it('refuses anyone younger than 13', async () => {
    const { cookie } = await signedInUser(t.db);
    const twelve = new Date();
    twelve.setUTCFullYear(twelve.getUTCFullYear() - 12);
    const res = await call(cookie, 'POST', '/api/patients/profile', {
      ...PROFILE,
      dateOfBirth: twelve.toISOString().slice(0, 10),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.dateOfBirth).toBe('You must be at least 13 years old to create a profile');
  });
});

describe('medical fields', () => {
  it('are readable by the patient, their doctor and administrators only; every other read is audited', async () => {
    const patient = await signedInUser(t.db, { firstName: 'Ana', lastName: 'Ruiz' });
    await call(patient.cookie, 'POST', '/api/patients/profile', PROFILE);
    const theirs = await bookableDoctor(t.db, { user: { firstName: 'Lee', lastName: 'Park' } });
    const booked = await book(t.app, patient.cookie, { doctorId: theirs.doctor.id, appointmentDate: localDate(5) });
    expect(booked.statusCode, booked.body).toBe(201);
    // Only a paid visit opens the record (record-access-window.test.ts has the whole window).
    await payWithCard(t.app, patient.cookie, booked.json().id);
    const other = await bookableDoctor(t.db);
    const admin = await signedInUser(t.db, { userType: 'admin' });
    const stranger = await signedInUser(t.db);
    const url = `/api/patients/${patient.user.id}/profile`;

    const byDoctor = await call(theirs.cookie, 'GET', url);
    expect(byDoctor.statusCode, byDoctor.body).toBe(200);
    expect(byDoctor.json().medicalHistory).toBe('Asthma since childhood');
    expect((await call(admin.cookie, 'GET', url)).statusCode).toBe(200);
    expect((await call(other.cookie, 'GET', url)).statusCode).toBe(404);
    expect((await call(stranger.cookie, 'GET', url)).statusCode).toBe(403);

    // The doctor's appointment views and the appointment itself are reads too.
    await call(theirs.cookie, 'GET', '/api/appointments/doctor');
    await call(theirs.cookie, 'GET', `/api/appointments/${booked.json().id}`);
    // The patient's own reads are not.
    await call(patient.cookie, 'GET', '/api/patients/profile');
    await call(patient.cookie, 'GET', `/api/appointments/${booked.json().id}`);

    const events = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectUserId, patient.user.id), eq(auditEvents.action, 'patient_record.read')));
    // The list and the appointment itself show the same record within ten minutes: one row, counted twice.
    expect(events.map((e) => [e.actorRole, e.targetType]).sort()).toEqual(
      [
        ['admin', 'profile'],
        ['doctor', 'appointments'],
        ['doctor', 'profile'],
      ].sort(),
    );

    const log = await call(patient.cookie, 'GET', '/api/patients/profile/access-log');
    expect(log.statusCode).toBe(200);
    const lines = log.json() as { role: string; name: string | null; what: string; count: number }[];
    expect(lines).toHaveLength(3);
    expect(lines).toContainEqual(
      expect.objectContaining({ role: 'doctor', name: 'Dr. Lee Park', what: 'Appointments', count: 2 }),
    );
    expect(lines).toContainEqual(
      expect.objectContaining({ role: 'doctor', name: 'Dr. Lee Park', what: 'Patient profile' }),
    );
    expect(lines).toContainEqual(expect.objectContaining({ role: 'admin', name: null, what: 'Patient profile' }));
  });
});

describe('reads of the consultation', () => {
  it('by the doctor are audited as appointments and consultation messages; by the patient not', async () => {
    const patient = await signedInUser(t.db);
    const theirs = await bookableDoctor(t.db);
    const booked = await book(t.app, patient.cookie, { doctorId: theirs.doctor.id, appointmentDate: localDate(3) });
    await payWithCard(t.app, patient.cookie, booked.json().id);
    const id = booked.json().id as string;
    for (const cookie of [theirs.cookie, patient.cookie]) {
      expect((await call(cookie, 'GET', `/api/consultations/${id}`)).statusCode).toBe(200);
      expect((await call(cookie, 'GET', `/api/consultations/${id}/messages`)).statusCode).toBe(200);
    }
    const events = await t.db.select().from(auditEvents).where(eq(auditEvents.subjectUserId, patient.user.id));
    const reads = events.filter((e) => e.action === 'patient_record.read');
    expect(reads.map((e) => [e.actorId, e.targetType, e.targetId]).sort()).toEqual(
      [
        [theirs.user.id, 'appointments', id],
        [theirs.user.id, 'consultation_messages', id],
      ].sort(),
    );
  });
});

describe('your data', () => {
  it('exports everything in one JSON attachment', async () => {
    const patient = await signedInUser(t.db);
    await call(patient.cookie, 'POST', '/api/patients/profile', PROFILE);
    const { doctor } = await bookableDoctor(t.db);
    const booked = await book(t.app, patient.cookie, {
      doctorId: doctor.id,
      appointmentDate: localDate(6),
      reasonForVisit: 'Wheezing at night',
    });
    await payWithCard(t.app, patient.cookie, booked.json().id);
    await call(patient.cookie, 'POST', '/api/referrals', {
      referredEmail: 'friend-export@example.com',
      referralType: 'patient',
    });

    const res = await call(patient.cookie, 'GET', '/api/patients/me/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="medora-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = res.json();
    expect(Object.keys(data)).toEqual(
      expect.arrayContaining([
        'account',
        'profile',
        'appointments',
        'payments',
        'reviews',
        'consultationMessages',
        'referrals',
        'wallet',
      ]),
    );
    expect(data.account.email).toBe(patient.user.email);
    expect(data.profile.allergies).toBe('Penicillin');
    expect(data.appointments[0].reasonForVisit).toBe('Wheezing at night');
    expect(data.payments[0]).toMatchObject({ status: 'succeeded', amount: 15000 });
    expect(data.referrals[0].referredEmail).toBe('friend-export@example.com');
    expect(data.wallet).toEqual({ balance: 0, entries: [] });
  });

  it('restricts marketing e-mail and remembers it', async () => {
    const { cookie, user } = await signedInUser(t.db);
    expect((await call(cookie, 'GET', '/api/patients/me/settings')).json()).toEqual({ marketingEmailOptOut: false });
    const res = await call(cookie, 'PUT', '/api/patients/me/settings', { marketingEmailOptOut: true });
    expect(res.json()).toEqual({ marketingEmailOptOut: true });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row.marketingEmailOptOut).toBe(true);
  });

  it('deletes the account: no sign-in, personal fields gone, upcoming visit refunded, payment kept, e-mail free again', async () => {
    const password = 'correct horse battery';
    const user = await createUser(t.db, { password, firstName: 'Mara', lastName: 'Quinn' });
    const cookie = await cookieFor(t.db, user);
    await call(cookie, 'POST', '/api/patients/profile', PROFILE);
    const { doctor } = await bookableDoctor(t.db);
    const booked = await book(t.app, cookie, { doctorId: doctor.id, appointmentDate: localDate(7) });
    await payWithCard(t.app, cookie, booked.json().id);

    const wrong = await call(cookie, 'POST', '/api/patients/me/delete', { password: 'not it at all' });
    expect(wrong.statusCode).toBe(400);
    const res = await call(cookie, 'POST', '/api/patients/me/delete', { password });
    expect(res.statusCode, res.body).toBe(204);

    expect((await call(cookie, 'GET', '/api/auth/user')).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password },
    });
    expect(login.statusCode).toBe(401);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ firstName: 'Deleted', lastName: 'User', passwordHash: null, isActive: false });
    expect(row.email).not.toBe(user.email);
    expect(await t.db.select().from(patientProfiles).where(eq(patientProfiles.userId, user.id))).toEqual([]);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    const [appointment] = await t.db.select().from(appointments).where(eq(appointments.id, booked.json().id));
    expect(appointment).toMatchObject({ reasonForVisit: '', additionalNotes: null, status: 'cancelled' });
    const [payment] = await t.db.select().from(payments).where(eq(payments.appointmentId, appointment.id));
    expect(payment).toMatchObject({ status: 'refunded', amount: 15000, refundedAmount: 15000 });
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectUserId, user.id), eq(auditEvents.action, 'account.delete')));
    expect(audit).toBeDefined();

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: user.email, password, firstName: 'Mara', lastName: 'Quinn', userType: 'patient' },
    });
    expect(again.statusCode, again.body).toBe(201);
  });
});
