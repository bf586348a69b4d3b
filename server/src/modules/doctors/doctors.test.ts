import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppointment, createDoctor, createUser, type NewDoctor } from '../../db/factories';
import { eq } from 'drizzle-orm';
import { doctors as doctorsTable, reviews, users as usersTable } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { ratingRank } from '@common/rules/rating-rank';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Doc = {
  id: string;
  specialty: string;
  location: string;
  country: string;
  consultationFee: number;
  averageRating: number | null;
  reviewCount: number;
};

/** Each test works in its own made-up country, so tests in this file never see each other's doctors. */
const newCountry = () => `Testland ${randomUUID().slice(0, 8)}`;
const add = (doctor: Partial<NewDoctor>) =>
  createDoctor(t.db, { doctor: { isVerified: true, isActive: true, ...doctor } });

async function search(query: Record<string, string | number>) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const res = await t.app.inject({ url: `/api/doctors/search?${qs}` });
  return {
    res,
    doctors: res.statusCode === 200 ? (res.json() as Doc[]) : [],
    next: res.headers['x-next-cursor'] as string | undefined,
  };
}

describe('GET /api/doctors/search filters', () => {
  it('filters by specialty, location (contains, any case), country and fee in dollars, inclusive', async () => {
    const country = newCountry();
    const a = await add({ country, specialty: 'Cardiology', location: 'Port Harcourt', consultationFee: 10000 });
    const b = await add({ country, specialty: 'Cardiology', location: 'Lagos', consultationFee: 20000 });
    const c = await add({ country, specialty: 'Dermatology', location: 'Lagos Island', consultationFee: 15050 });
    const ids = (docs: Doc[]) => docs.map((d) => d.id).sort();

    expect(ids((await search({ country })).doctors)).toEqual(ids([a, b, c].map((x) => x.doctor as Doc)));
    expect(ids((await search({ country, specialty: 'Cardiology' })).doctors)).toEqual(
      [a.doctor.id, b.doctor.id].sort(),
    );
    expect(ids((await search({ country, location: 'lagos' })).doctors)).toEqual([b.doctor.id, c.doctor.id].sort());
    expect(ids((await search({ country, minFee: 100, maxFee: 150.5 })).doctors)).toEqual(
      [a.doctor.id, c.doctor.id].sort(),
    );
    expect(ids((await search({ country, minFee: 150.51 })).doctors)).toEqual([b.doctor.id]);
    expect(ids((await search({ country, maxFee: 99 })).doctors)).toEqual([]);
    // A location with LIKE wildcards is matched literally.
    expect((await search({ country, location: '%' })).doctors).toEqual([]);
  });

  it('reads free text as specialty, then place, then country, else location', async () => {
    const country = newCountry();
    const cardio = await add({ country, specialty: 'Cardiology', location: 'Zyxville' });
    const neuro = await add({ country, specialty: 'Neurology', location: 'Qwerton' });
    const ids = async (q: string) => (await search({ country, q })).doctors.map((d) => d.id);
    expect(await ids('cardio')).toEqual([cardio.doctor.id]);
    expect(await ids('qwert')).toEqual([neuro.doctor.id]);
    expect(await ids('nowhere-at-all')).toEqual([]);
    // A country match: search without the explicit country so `q` is what narrows it.
    const uniqueCountry = newCountry();
    const abroad = await add({ country: uniqueCountry, location: 'Somewhere' });
    const byCountry = await search({ q: uniqueCountry.toUpperCase() });
    expect(byCountry.doctors.map((d) => d.id)).toEqual([abroad.doctor.id]);
  });
});

describe('sorting and pagination', () => {
  async function tiedDoctors(country: string) {
    // Many ties in every sort key, so only the id tie-break keeps pages apart.
    const made = [];
    for (let i = 0; i < 14; i++) {
      made.push(
        await add({
          country,
          consultationFee: [10000, 15000, 20000][i % 3],
          averageRating: i % 5 === 0 ? null : [4.5, 4.8][i % 2],
          reviewCount: [7, 12][i % 2],
        }),
      );
    }
    return made.map((m) => m.doctor);
  }

  it('orders by each sort and walks pages without duplicates or gaps', async () => {
    const country = newCountry();
    const all = await tiedDoctors(country);
    const rank = (d: Doc) => ratingRank(d.averageRating ?? 0, d.reviewCount);
    const expected: Record<string, (a: Doc, b: Doc) => number> = {
      rating: (a, b) => rank(b) - rank(a) || b.reviewCount - a.reviewCount || (a.id < b.id ? 1 : -1),
      price_asc: (a, b) => a.consultationFee - b.consultationFee || (a.id < b.id ? -1 : 1),
      price_desc: (a, b) => b.consultationFee - a.consultationFee || (a.id < b.id ? 1 : -1),
      reviews: (a, b) => b.reviewCount - a.reviewCount || (a.id < b.id ? 1 : -1),
    };
    for (const [sort, compare] of Object.entries(expected)) {
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await search({ country, sort, limit: 4, ...(cursor ? { cursor } : {}) });
        expect(page.res.statusCode).toBe(200);
        seen.push(...page.doctors.map((d) => d.id));
        cursor = page.next;
        pages++;
      } while (cursor && pages < 10);
      expect(pages, sort).toBe(4);
      expect(seen, sort).toEqual([...(all as Doc[])].sort(compare).map((d) => d.id));
    }
  });

  it('omits the next cursor when the page is the last one', async () => {
    const country = newCountry();
    await add({ country });
    await add({ country });
    expect((await search({ country, limit: 2 })).next).toBeUndefined();
    expect((await search({ country, limit: 1 })).next).toBeTypeOf('string');
  });

  it('uses the rating sort by default and 12 per page', async () => {
    const country = newCountry();
    for (let i = 0; i < 13; i++) await add({ country, averageRating: 3 + i / 10, reviewCount: 3 });
    const page = await search({ country });
    expect(page.doctors).toHaveLength(12);
    expect(page.doctors[0].averageRating).toBe(4.2);
  });

  it('weighs the number of reviews: a hundred 4.9s rank above one 5.0, and paging keeps that order', async () => {
    const country = newCountry();
    const single = await add({ country, averageRating: 5, reviewCount: 1 });
    const many = await add({ country, averageRating: 4.9, reviewCount: 100 });
    const few = await add({ country, averageRating: 4.9, reviewCount: 4 });
    const unrated = await add({ country });
    const all = await search({ country });
    expect(all.doctors.map((d) => d.id)).toEqual([many.doctor.id, few.doctor.id, single.doctor.id, unrated.doctor.id]);
    const first = await search({ country, limit: 1 });
    const second = await search({ country, limit: 3, cursor: first.next! });
    expect(second.doctors.map((d) => d.id)).toEqual([few.doctor.id, single.doctor.id, unrated.doctor.id]);
    // The card still shows the plain average.
    expect(second.doctors[1].averageRating).toBe(5);
  });
});

describe('visibility', () => {
  it('shows only verified, active doctors with active accounts', async () => {
    const country = newCountry();
    const shown = await add({ country });
    const unverified = await add({ country, isVerified: false });
    const inactive = await add({ country, isActive: false });
    const closed = await createDoctor(t.db, { doctor: { country, isVerified: true }, user: { isActive: false } });
    expect((await search({ country })).doctors.map((d) => d.id)).toEqual([shown.doctor.id]);

    expect((await t.app.inject({ url: `/api/doctors/${shown.doctor.id}` })).json()).toMatchObject({
      id: shown.doctor.id,
      user: { firstName: shown.user.firstName, lastName: shown.user.lastName },
      consultationFee: shown.doctor.consultationFee,
    });
    for (const hidden of [unverified, inactive, closed, { doctor: { id: randomUUID() } }]) {
      const res = await t.app.inject({ url: `/api/doctors/${hidden.doctor.id}` });
      expect(res.statusCode).toBe(404);
      expect((await t.app.inject({ url: `/api/doctors/${hidden.doctor.id}/reviews` })).statusCode).toBe(404);
    }
    const featured = (await t.app.inject({ url: '/api/doctors/featured?limit=50' })).json() as Doc[];
    const featuredIds = featured.map((d) => d.id);
    expect(featuredIds).not.toContain(unverified.doctor.id);
    expect(featuredIds).not.toContain(inactive.doctor.id);
  });

  it('answers featured doctors best rated first, honouring limit', async () => {
    const res = await t.app.inject({ url: '/api/doctors/featured?limit=3' });
    expect(res.statusCode).toBe(200);
    const ratings = (res.json() as Doc[]).map((d) => ratingRank(d.averageRating ?? 0, d.reviewCount));
    expect(ratings).toHaveLength(3);
    expect([...ratings].sort((a, b) => b - a)).toEqual(ratings);
  });
});

describe('reviews and specialties', () => {
  it('lists recent reviews with the patient first name and last initial', async () => {
    const { doctor } = await add({ country: newCountry() });
    const patient = await createUser(t.db, { firstName: 'Rosa', lastName: 'Lind' });
    const appointment = await createAppointment(t.db, {
      patientId: patient.id,
      doctorId: doctor.id,
      startsAt: new Date(),
      status: 'completed',
    });
    await t.db.insert(reviews).values({
      appointmentId: appointment.id,
      doctorId: doctor.id,
      patientId: patient.id,
      rating: 5,
      comment: 'Very clear.',
    });
    const res = await t.app.inject({ url: `/api/doctors/${doctor.id}/reviews` });
    expect(res.json()).toEqual([
      expect.objectContaining({ rating: 5, comment: 'Very clear.', patientName: 'Rosa L.' }),
    ]);
  });

  it('lists the 24 specialties with fee, popularity and wait time', async () => {
    const res = await t.app.inject({ url: '/api/specialties' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(24);
    expect(res.json()[0]).toMatchObject({ name: 'Cardiology', avgConsultationFee: 180, popularity: 'Very High' });
  });
});

describe('bad input', () => {
  const cases: [string, string, RegExp][] = [
    ['minFee=abc', 'minFee', /dollar amount/],
    ['maxFee=-5', 'maxFee', /dollar amount/],
    ['sort=nope', 'sort', /Sort must be one of/],
    ['minFee=300&maxFee=100', 'minFee', /must not exceed/],
    ['cursor=not-a-cursor', 'cursor', /Cursor is invalid/],
    ['limit=0', 'limit', /at least 1/],
    ['limit=500', 'limit', /at most 50/],
    [`q=${'x'.repeat(101)}`, 'q', /too long/],
  ];
  it.each(cases)('rejects %s with a 400 naming the field', async (query, field, message) => {
    const res = await t.app.inject({ url: `/api/doctors/search?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toMatch(message);
  });

  it('rejects a cursor made for another sort', async () => {
    const country = newCountry();
    await add({ country });
    await add({ country });
    const { next } = await search({ country, sort: 'rating', limit: 1 });
    const res = await t.app.inject({
      url: `/api/doctors/search?country=${encodeURIComponent(country)}&sort=reviews&cursor=${next}`,
    });
    expect(res.statusCode).toBe(400);
  });

  it('rejects a soonest cursor whose date does not exist or is out of range, never with a 500', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const at of ['2026-02-30T00:00:00Z', '0000-01-01T00:00:00Z', '2026-13-01T00:00:00.000Z', '99999']) {
      const cursor = Buffer.from(JSON.stringify({ sort: 'soonest', at, id })).toString('base64url');
      const res = await t.app.inject({ url: `/api/doctors/search?sort=soonest&cursor=${cursor}` });
      expect(res.statusCode, at).toBe(400);
      expect(res.json().fields.cursor).toMatch(/Cursor is invalid/);
    }
    const valid = Buffer.from(JSON.stringify({ sort: 'soonest', at: '2026-03-01T09:30:00Z', id })).toString(
      'base64url',
    );
    expect((await t.app.inject({ url: `/api/doctors/search?sort=soonest&cursor=${valid}` })).statusCode).toBe(200);
  });

  it('rejects a malformed doctor id and a bad featured limit', async () => {
    expect((await t.app.inject({ url: '/api/doctors/not-a-uuid' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/doctors/not-a-uuid/reviews' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/doctors/featured?limit=abc' })).statusCode).toBe(400);
  });
});

describe('cached replies', () => {
  it('reflect every change to a listed doctor or account on the very next search', async () => {
    const country = newCountry();
    const { doctor, user } = await add({ country, specialty: 'Urology', consultationFee: 12000, averageRating: 4.1 });
    const first = await search({ country });
    expect(first.doctors.map((d) => d.id)).toEqual([doctor.id]);
    expect((await search({ country })).res.body).toBe(first.res.body); // served again as stored

    await t.db.update(doctorsTable).set({ consultationFee: 13000 }).where(eq(doctorsTable.id, doctor.id));
    expect((await search({ country })).doctors[0].consultationFee).toBe(13000);

    await t.db.update(usersTable).set({ firstName: 'Renamed' }).where(eq(usersTable.id, user.id));
    expect((await search({ country })).res.json()[0].user.firstName).toBe('Renamed');

    await t.db.update(usersTable).set({ isActive: false }).where(eq(usersTable.id, user.id));
    expect((await search({ country })).doctors).toEqual([]);
  });

  it('finds a doctor in a place no doctor was in before, on the very next search', async () => {
    const place = `Newtown ${randomUUID().slice(0, 8)}`;
    expect((await search({ location: place })).doctors).toEqual([]);
    expect((await search({ q: place })).doctors).toEqual([]);
    const { doctor } = await add({ location: place });
    expect((await search({ location: place.toUpperCase() })).doctors.map((d) => d.id)).toEqual([doctor.id]);
    expect((await search({ q: place.slice(0, 12).toLowerCase() })).doctors.map((d) => d.id)).toEqual([doctor.id]);
    await t.db
      .update(doctorsTable)
      .set({ location: `${place} East` })
      .where(eq(doctorsTable.id, doctor.id));
    expect((await search({ location: `${place} East` })).doctors.map((d) => d.id)).toEqual([doctor.id]);
  });
});
