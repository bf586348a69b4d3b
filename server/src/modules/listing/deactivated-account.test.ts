import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPECIALTY_CATALOG, type Specialty } from '@common/constants/specialties';
import { book, bookableDoctor, localDate, payWithCard } from '../../test-support/booking-fixtures';
import { createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';
import { DirectorySearch } from '../doctors/directory-search';
import { hasSpecialist, matchSpecialist, payableSpecialty } from '../payments/matching';

/**
 * The probe of issue 24: a doctor whose ACCOUNT an administrator deactivated (the doctor profile
 * itself still verified and active) is not listed anywhere: not in search or the places and
 * countries it resolves free text with, not on the profile or availability pages, not bookable,
 * not reschedulable to, and not matched to a specialty payment.
 */
let t: TestContext;
let admin: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.db, { userType: 'admin' });
});
afterAll(() => t.close());

/** The places and countries the search engine resolves free text with, read afresh. */
const lists = () => new DirectorySearch(t.database).vocabulary();

type Doctor = Awaited<ReturnType<typeof bookableDoctor>>;

async function deactivateAccount(doctor: Doctor) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/admin/users/${doctor.user.id}/status`,
    headers: { cookie: admin.cookie },
    payload: { isActive: false },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const searchIds = async (query: Record<string, string>) => {
  const res = await t.app.inject({ url: `/api/doctors/search?${new URLSearchParams(query)}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: string }[]).map((d) => d.id);
};

describe('a doctor whose account an administrator deactivated', () => {
  it('leaves search, the profile, availability and the featured list', async () => {
    const country = `Offland ${randomUUID().slice(0, 8)}`;
    const doctor = await bookableDoctor(t.db, { doctor: { country } });
    expect(await searchIds({ country })).toEqual([doctor.doctor.id]);
    await deactivateAccount(doctor);

    expect(await searchIds({ country })).toEqual([]);
    expect((await t.app.inject({ url: `/api/doctors/${doctor.doctor.id}` })).statusCode).toBe(404);
    const availability = await t.app.inject({
      url: `/api/doctors/${doctor.doctor.id}/availability?date=${localDate(3)}&days=1`,
    });
    expect(availability.statusCode).toBe(404);
    const featured = (await t.app.inject({ url: '/api/doctors/featured?limit=50' })).json() as { id: string }[];
    expect(featured.map((d) => d.id)).not.toContain(doctor.doctor.id);
  });

  it('takes their place and country out of the places and countries lists', async () => {
    const tag = randomUUID().slice(0, 8);
    const country = `Placeland ${tag}`;
    // The listed doctor is in the country; the other's place contains the country's name.
    const listed = await bookableDoctor(t.db, { doctor: { country, location: `Capital ${tag}` } });
    const other = await bookableDoctor(t.db, {
      doctor: { country: `Elsewhere ${tag}`, location: `${country} Harbour` },
    });
    expect((await lists()).places).toContain(`${country} Harbour`);
    await deactivateAccount(other);

    expect((await lists()).places).not.toContain(`${country} Harbour`);
    expect((await lists()).countries).not.toContain(`Elsewhere ${tag}`);
    expect((await lists()).countries).toContain(country);
    // Free text reads a known place before a country: a hidden doctor's place must not take the
    // text away from the country a listed doctor is in.
    expect(await searchIds({ q: country })).toEqual([listed.doctor.id]);
  });

  it('is not matched to a specialty payment, and is no specialist when they were the only one', async () => {
    // The other tests' doctors take specialties in turn, so pick one nobody here practises yet:
    // a fixed name was sometimes already taken and the doctor was then not "the only one".
    const patient = await signedInUser(t.db);
    let specialty: Specialty | undefined;
    for (const entry of SPECIALTY_CATALOG) {
      if (!(await hasSpecialist(t.db, entry.name, patient.user.id))) {
        specialty = payableSpecialty(entry.name);
        break;
      }
    }
    if (!specialty) throw new Error('every specialty already has a doctor in this database');
    const doctor = await bookableDoctor(t.db, { doctor: { specialty: specialty.name } });
    expect(await hasSpecialist(t.db, specialty.name, patient.user.id)).toBe(true);
    await deactivateAccount(doctor);

    expect(await hasSpecialist(t.db, specialty.name, patient.user.id)).toBe(false);
    expect(await matchSpecialist(t.db, specialty.name, patient.user.id, new Date())).toBeNull();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/create-specialty-intent',
      headers: { cookie: patient.cookie },
      payload: { specialty: specialty.name, amount: specialty.avgConsultationFee },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`No ${specialty.name} specialist is available right now. Please try again later.`);
  });

  it('cannot be booked, and a confirmed appointment with them cannot be moved', async () => {
    const doctor = await bookableDoctor(t.db);
    const patient = await signedInUser(t.db);
    const booked = await book(t.app, patient.cookie, {
      doctorId: doctor.doctor.id,
      appointmentDate: localDate(10),
      appointmentTime: '10:00 AM',
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect((await payWithCard(t.app, patient.cookie, booked.json().id)).confirm.statusCode).toBe(200);
    await deactivateAccount(doctor);

    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/appointments/${booked.json().id}/reschedule`,
      headers: { cookie: patient.cookie },
      payload: { appointmentDate: localDate(12), appointmentTime: '02:30 PM' },
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toBe(
      'This doctor is not taking new times at the moment. You can still cancel the appointment.',
    );
    const again = await book(t.app, patient.cookie, {
      doctorId: doctor.doctor.id,
      appointmentDate: localDate(11),
      appointmentTime: '10:00 AM',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This doctor is not accepting appointments yet.');
  });
});
