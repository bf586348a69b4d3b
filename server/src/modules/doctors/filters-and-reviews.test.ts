import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIND_DOCTOR_SPECIALTIES, PROFILE_SPECIALTIES } from '@common/constants/specialties';
import { createAppointment, createDoctor, createUser, type NewDoctor } from '../../db/factories';
import { doctors, reviews } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test-support/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const add = (doctor: Partial<NewDoctor>) =>
  createDoctor(t.db, { doctor: { isVerified: true, isActive: true, ...doctor } });
const filters = async () => {
  const res = await t.app.inject({ url: '/api/doctors/filters' });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    specialties: { value: string; count: number }[];
    countries: { value: string; count: number }[];
  };
};

describe('GET /api/doctors/filters', () => {
  it('offers every specialty and country listed doctors have, with counts, and nothing unlisted', async () => {
    const country = `Filterland ${randomUUID().slice(0, 8)}`;
    // One the fixed list the page used to offer did not have: the data decides now.
    const specialty = PROFILE_SPECIALTIES.find(
      (name) => !(FIND_DOCTOR_SPECIALTIES as readonly string[]).includes(name),
    )!;
    const countOf = (list: { value: string; count: number }[], value: string) =>
      list.find((entry) => entry.value === value)?.count ?? 0;
    const start = countOf((await filters()).specialties, specialty);
    const first = await add({ country, specialty });
    await add({ country, specialty });
    await add({ country, specialty: 'Cardiology' });
    await add({ country: `${country} Hidden`, specialty, isVerified: false });

    const before = await filters();
    expect(countOf(before.specialties, specialty)).toBe(start + 2);
    expect(before.countries).toContainEqual({ value: country, count: 3 });
    expect(before.countries.map((c) => c.value)).not.toContain(`${country} Hidden`);
    expect(before.specialties.every((s) => s.count > 0)).toBe(true);
    // Sorted by name, so the pick list reads alphabetically.
    const names = before.countries.map((c) => c.value);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));

    // A doctor leaving the directory leaves the counts at once.
    await t.db.update(doctors).set({ isActive: false }).where(eq(doctors.id, first.doctor.id));
    const after = await filters();
    expect(countOf(after.specialties, specialty)).toBe(start + 1);
    expect(after.countries).toContainEqual({ value: country, count: 2 });
  });
});

describe('GET /api/doctors/:id/reviews paging', () => {
  async function reviewed(count: number) {
    const { doctor } = await add({
      country: `Reviewland ${randomUUID().slice(0, 8)}`,
      reviewCount: count,
      averageRating: 4.5,
    });
    const patient = await createUser(t.db, { firstName: 'Rosa', lastName: 'Lind' });
    // Several share one instant, to the microsecond: the id must break the tie across pages.
    const base = Date.now() - 86_400_000;
    for (let i = 0; i < count; i++) {
      const appointment = await createAppointment(t.db, {
        patientId: patient.id,
        doctorId: doctor.id,
        startsAt: new Date(base - i * 3_600_000),
        status: 'completed',
      });
      await t.db.insert(reviews).values({
        appointmentId: appointment.id,
        doctorId: doctor.id,
        patientId: patient.id,
        rating: 4 + (i % 2),
        comment: `Review ${i}`,
        createdAt: new Date(base - Math.floor(i / 4) * 60_000),
      });
    }
    return doctor;
  }

  it('lets a visitor read as many reviews as the doctor page counts, newest first, without repeats', async () => {
    const doctor = await reviewed(23);
    const page = await t.app.inject({ url: `/api/doctors/${doctor.id}` });
    const counted = page.json().reviewCount as number;
    const seen: { id: string; createdAt: string }[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await t.app.inject({
        url: `/api/doctors/${doctor.id}/reviews?limit=10${cursor ? `&cursor=${cursor}` : ''}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      seen.push(...res.json());
      cursor = res.headers['x-next-cursor'] as string | undefined;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(counted);
    expect(new Set(seen.map((r) => r.id)).size).toBe(counted);
    const times = seen.map((r) => Date.parse(r.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('answers the first ten without a cursor, and 400 for a forged or cut cursor', async () => {
    const doctor = await reviewed(11);
    const first = await t.app.inject({ url: `/api/doctors/${doctor.id}/reviews` });
    expect(first.json()).toHaveLength(10);
    const cursor = first.headers['x-next-cursor'] as string;
    expect(cursor).toEqual(expect.any(String));
    const forge = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const forged = [
      forge({ ms: 1e20, id: randomUUID() }),
      forge({ ms: -1, id: randomUUID() }),
      forge({ ms: 1.5, id: randomUUID() }),
      forge({ ms: Date.now(), id: "1' or '1'='1" }),
      forge(null),
    ];
    for (const bad of [cursor.slice(0, 9), ...forged, 'x'.repeat(201), '%00']) {
      const res = await t.app.inject({ url: `/api/doctors/${doctor.id}/reviews?cursor=${encodeURIComponent(bad)}` });
      expect(res.statusCode, bad).toBe(400);
    }
    expect((await t.app.inject({ url: `/api/doctors/${doctor.id}/reviews?limit=0` })).statusCode).toBe(400);
  });
});
