import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ratingRank } from '@common/rules/rating-rank';
import { doctorSearchQuerySchema, type DoctorSearchQuery } from '@common/schemas/doctor-queries';
import { createAppointment, createDoctor, createUser } from '../../db/factories';
import { doctors, doctorSchedules, doctorTimeOff, reviews, users } from '../../db/schema';
import { createTestDatabase } from '../../test-support/test-database';
import { DirectorySearch } from './directory-search';
import { encodeCursor } from './search-cursor';
import { searchDoctors } from './service';

let t: Awaited<ReturnType<typeof createTestDatabase>>;
let patched: DirectorySearch;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await patched?.stop();
  await t.close();
});

const NOW = new Date('2026-03-28T23:40:00Z'); // the night Europe moves its clocks
const SPECIALTIES = ['Cardiology', 'Dermatology', 'Pediatrics'];
const COUNTRIES = ['Kenya', 'Peru', 'Norway'];
const PLACES = ['Nairobi', 'Lima', 'Oslo', 'Nairobi West'];
const ZONES = ['Europe/London', 'America/New_York', 'Asia/Kolkata', 'Pacific/Auckland'];
const HOURS: [string | null, string | null][] = [
  [null, null],
  ['09:00', '12:00'],
  ['13:00', '17:00'],
  ['20:00', '22:00'],
];

/** An engine that follows the feed only when told to (no timer, no notifications). */
async function engine() {
  const search = new DirectorySearch(t, { pollMs: 3_600_000 });
  await search.sync();
  return search;
}

/** Every page of a search through `search`, following the cursors to the end: ids and next slots. */
async function allPages(search: DirectorySearch, input: Record<string, string>) {
  const pages: string[][] = [];
  let cursor: string | undefined;
  do {
    const query: DoctorSearchQuery = doctorSearchQuerySchema.parse({ ...input, cursor });
    const page = await searchDoctors(t.db, query, search, NOW);
    pages.push(page.doctors.map((d) => `${d.id} ${d.consultationFee} ${d.nextAvailableAt ?? '-'}`));
    cursor = page.nextCursor ?? undefined;
  } while (cursor && pages.length < 100);
  return pages;
}

const QUERIES: Record<string, string>[] = [
  { sort: 'rating', limit: '4' },
  { sort: 'reviews', limit: '5', specialty: 'Cardiology' },
  { sort: 'price_asc', limit: '3', minFee: '60', maxFee: '130' },
  { sort: 'price_desc', limit: '4', country: 'Peru' },
  { sort: 'rating', limit: '6', location: 'nairobi' },
  { sort: 'soonest', limit: '4', timeZone: 'Europe/London' },
  { sort: 'soonest', limit: '5', timeZone: 'Asia/Kolkata', country: 'Kenya' },
  { sort: 'price_asc', limit: '4', available: 'today', timeZone: 'America/New_York' },
  { sort: 'rating', limit: '9', available: '3days', timeZone: 'UTC' },
  { sort: 'reviews', limit: '3', language: 'Spanish' },
];

/** Keys a listed doctor's place in every order depends on, drawn from few values so ties abound. */
const doctorChange = fc.oneof(
  fc.record({ consultationFee: fc.constantFrom(5000, 7500, 10000, 12550) }),
  fc.record({
    averageRating: fc.constantFrom(null, 3.25, 4.5, 5),
    reviewCount: fc.constantFrom(0, 3, 12),
  }),
  fc.record({ specialty: fc.constantFrom(...SPECIALTIES, 'Neurology') }),
  fc.record({ country: fc.constantFrom(...COUNTRIES), location: fc.constantFrom(...PLACES, 'Tromsø') }),
  fc.record({ isVerified: fc.boolean() }),
  fc.record({ isActive: fc.boolean() }),
  fc.record({ languages: fc.constantFrom<string[]>(['English'], ['Spanish', 'French'], ['Arabic', 'English'], []) }),
  fc.record({
    timeZone: fc.constantFrom(...ZONES),
    hours: fc.constantFrom(...HOURS),
  }),
);

const edit = fc.oneof(
  fc.record({ kind: fc.constant('doctor' as const), who: fc.nat(), change: doctorChange }),
  fc.record({ kind: fc.constant('account' as const), who: fc.nat(), active: fc.boolean() }),
  fc.record({ kind: fc.constant('review' as const), who: fc.nat(), rating: fc.integer({ min: 1, max: 5 }) }),
  fc.record({ kind: fc.constant('new' as const), seed: fc.nat(), change: doctorChange }),
  // The doctor's own week and slot rules, and time off: the generator's inputs besides bookings.
  fc.record({
    kind: fc.constant('week' as const),
    who: fc.nat(),
    days: fc.constantFrom<string[]>(['sat', 'sun'], ['mon', 'tue', 'wed', 'thu', 'fri'], ['sun']),
    minNoticeMinutes: fc.constantFrom(0, 120, 1440),
    bufferMinutes: fc.constantFrom(0, 10),
  }),
  fc.record({
    kind: fc.constant('away' as const),
    who: fc.nat(),
    fromHour: fc.nat({ max: 48 }),
    hours: fc.integer({ min: 1, max: 72 }),
  }),
);

/** Past visits made for reviews, so each has its own start. */
let pastVisits = 0;
describe('doctor search on one engine, patched from the change feed', () => {
  it('after random edits, a patched engine answers every search as one built from scratch, and as the rows say', async () => {
    const patient = await createUser(t.db, {});
    for (let i = 0; i < 24; i++) {
      const { doctor } = await createDoctor(t.db, {
        seed: i,
        doctor: {
          specialty: SPECIALTIES[i % 3],
          country: COUNTRIES[i % 3],
          location: PLACES[i % 4],
          consultationFee: [5000, 7500, 10000][i % 3],
          averageRating: [null, 4.5, 5][i % 3],
          reviewCount: [0, 3, 12][i % 3],
          languages: [['English'], ['English', 'Spanish'], ['Arabic']][i % 3],
          timeZone: ZONES[i % 4],
          availableFrom: HOURS[i % 4][0],
          availableTo: HOURS[i % 4][1],
          isVerified: true,
          isActive: true,
        },
      });
      // Some doctors' first slots are taken, so their next free slot is walked to past them.
      if (i % 5 === 0)
        await createAppointment(t.db, {
          patientId: patient.id,
          doctorId: doctor.id,
          startsAt: new Date('2026-03-29T09:00:00Z'),
          status: 'confirmed',
        });
    }
    patched = await engine();
    // Kept next free slots and soonest orders exist before the edits, so they are patched too.
    for (const query of QUERIES) await allPages(patched, query);

    await fc.assert(
      fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 6 }), async (edits) => {
        const ids = (await t.db.select({ id: doctors.id, userId: doctors.userId }).from(doctors)).sort((a, b) =>
          a.id.localeCompare(b.id),
        );
        for (const e of edits) {
          if (e.kind === 'new') {
            const { hours, ...change } = 'hours' in e.change ? e.change : { ...e.change, hours: undefined };
            await createDoctor(t.db, {
              seed: e.seed,
              doctor: {
                isVerified: true,
                isActive: true,
                ...change,
                ...(hours ? { availableFrom: hours[0], availableTo: hours[1] } : {}),
              },
            });
            continue;
          }
          const who = ids[e.who % ids.length];
          if (e.kind === 'account')
            await t.db.update(users).set({ isActive: e.active }).where(eq(users.id, who.userId));
          if (e.kind === 'review') {
            const author = await createUser(t.db, {});
            const visit = await createAppointment(t.db, {
              patientId: author.id,
              doctorId: who.id,
              // A past visit of its own: two reviews of one doctor never share a start.
              startsAt: new Date(Date.parse('2026-01-05T10:00:00Z') - ++pastVisits * 3_600_000),
              status: 'completed',
            });
            await t.db
              .insert(reviews)
              .values({ appointmentId: visit.id, doctorId: who.id, patientId: author.id, rating: e.rating });
            await t.db
              .update(doctors)
              .set({ reviewCount: sql`${doctors.reviewCount} + 1`, averageRating: e.rating })
              .where(eq(doctors.id, who.id));
          }
          if (e.kind === 'week') {
            const weekly = Object.fromEntries(
              ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [
                day,
                e.days.includes(day) ? [{ start: '08:00', end: '12:00' }] : [],
              ]),
            ) as never;
            const rules = { weekly, minNoticeMinutes: e.minNoticeMinutes, bufferMinutes: e.bufferMinutes };
            await t.db
              .insert(doctorSchedules)
              .values({ doctorId: who.id, ...rules })
              .onConflictDoUpdate({ target: doctorSchedules.doctorId, set: rules });
          }
          if (e.kind === 'away') {
            const startsAt = new Date(NOW.getTime() + e.fromHour * 3_600_000);
            await t.db
              .insert(doctorTimeOff)
              .values({ doctorId: who.id, startsAt, endsAt: new Date(startsAt.getTime() + e.hours * 3_600_000) });
          }
          if (e.kind === 'doctor') {
            const { hours, ...change } = 'hours' in e.change ? e.change : { ...e.change, hours: undefined };
            await t.db
              .update(doctors)
              .set({ ...change, ...(hours ? { availableFrom: hours[0], availableTo: hours[1] } : {}) })
              .where(eq(doctors.id, who.id));
          }
        }
        await patched.sync();
        const rebuilt = await engine();
        for (const query of QUERIES) {
          expect(await allPages(patched, query), JSON.stringify(query)).toEqual(await allPages(rebuilt, query));
        }
        expect(patched.index.places().sort()).toEqual(rebuilt.index.places().sort());
        expect(patched.index.countries().sort()).toEqual(rebuilt.index.countries().sort());
        expect(patched.index.counts('language')).toEqual(rebuilt.index.counts('language'));
        expect(patched.index.size).toBe(rebuilt.index.size);
        // The rebuilt engine against the rows themselves: every listed doctor, in each sort's order.
        const listed = (
          (await t.db.execute(sql`
            select d.id, d.consultation_fee as fee, coalesce(d.average_rating, 0)::float8 as rating, d.review_count as reviews
            from doctors d join users u on u.id = d.user_id where d.is_verified and d.is_active and u.is_active`)) as unknown as {
            rows: { id: string; fee: number; rating: number; reviews: number }[];
          }
        ).rows;
        const byPrice = [...listed].sort((a, b) => a.fee - b.fee || (a.id < b.id ? -1 : 1)).map((d) => d.id);
        const byRating = [...listed]
          .sort(
            (a, b) =>
              ratingRank(b.rating, b.reviews) - ratingRank(a.rating, a.reviews) ||
              b.reviews - a.reviews ||
              (a.id < b.id ? 1 : -1),
          )
          .map((d) => d.id);
        const walk = async (sort: string) =>
          (await allPages(rebuilt, { sort, limit: '7' })).flat().map((card) => card.split(' ')[0]);
        expect(await walk('price_asc')).toEqual(byPrice);
        expect(await walk('rating')).toEqual(byRating);
      }),
      { numRuns: 8, seed: 20261126 },
    );
    // Eight runs of up to six edits, each compared on ten searches page by page: slow on a busy machine.
  }, 120_000);

  it('pages on from a hostile but valid cursor (upper-case id, keys no doctor has) as the rows say', async () => {
    const search = await engine();
    const listed = (
      (await t.db.execute(sql`
        select d.id, d.consultation_fee as fee from doctors d join users u on u.id = d.user_id
        where d.is_verified and d.is_active and u.is_active`)) as unknown as { rows: { id: string; fee: number }[] }
    ).rows;
    const position = { sort: 'price_asc', fee: 7501, id: '00000000-0000-4000-8000-000000000000' } as const;
    const expected = listed
      .filter((d) => d.fee > 7501)
      .sort((a, b) => a.fee - b.fee || (a.id < b.id ? -1 : 1))
      .slice(0, 5)
      .map((d) => d.id);
    const query = doctorSearchQuerySchema.parse({ sort: 'price_asc', limit: '5', cursor: encodeCursor(position) });
    expect((await searchDoctors(t.db, query, search, NOW)).doctors.map((d) => d.id)).toEqual(expected);
    const upper = { sort: 'reviews', reviews: 3, id: 'FFFFFFFF-0000-4000-8000-00000000000A' } as const;
    const lower = { ...upper, id: upper.id.toLowerCase() };
    const page = (cursor: object) =>
      searchDoctors(
        t.db,
        doctorSearchQuerySchema.parse({ sort: 'reviews', cursor: encodeCursor(cursor as never) }),
        search,
        NOW,
      );
    expect(await page(upper)).toEqual(await page(lower));
  });

  it('fills a page when a doctor it chose stopped being listed before the engine heard of it', async () => {
    const search = await engine();
    const query = doctorSearchQuerySchema.parse({ sort: 'price_asc', limit: '3' });
    const [, second] = (await searchDoctors(t.db, query, search, NOW)).doctors;
    await t.db.update(doctors).set({ isActive: false }).where(eq(doctors.id, second.id));
    // The engine has not read the feed since; the page must still be full, with a cursor, and right.
    const actual = await searchDoctors(t.db, query, search, NOW);
    expect(actual.doctors.map((d) => d.id)).not.toContain(second.id);
    expect(actual.doctors).toHaveLength(3);
    expect(actual.nextCursor).not.toBeNull();
    expect(actual).toEqual(await searchDoctors(t.db, query, await engine(), NOW));
    await t.db.update(doctors).set({ isActive: true }).where(eq(doctors.id, second.id));
  });

  it("keeps one reply per query, the current minute's, however many minutes it is asked in", async () => {
    const search = await engine();
    try {
      const query = doctorSearchQuerySchema.parse({ sort: 'soonest', limit: '3' });
      for (let minute = 0; minute < 4; minute++) {
        const at = new Date(NOW.getTime() + minute * 60_000);
        // Asked twice a minute: a query asked once is not kept (the long tail).
        await search.search(query, at);
        const again = await search.search(query, at);
        expect(again.body).toBe((await search.search(query, at)).body);
      }
      expect(search.keptReplies().entries).toBe(1);
    } finally {
      await search.stop();
    }
  });

  it('shows an edit on two instances within a second, each following the feed on its own', async () => {
    const onError = (error: unknown) => console.error(error);
    const [a, b] = [new DirectorySearch(t, { onError }), new DirectorySearch(t, { onError })];
    await Promise.all([a.start(), b.start()]);
    try {
      const { doctor } = await createDoctor(t.db, {
        doctor: { isVerified: true, isActive: true, consultationFee: 987_600, country: 'Kenya' },
      });
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      for (const instance of [a, b]) {
        // Straight through the index, not the reply path (which also catches up on its own).
        expect(instance.index.search({ minFee: 987_600, maxFee: 987_600 }, 'price_asc', 5)).toEqual([doctor.id]);
      }
      await t.db.update(doctors).set({ consultationFee: 987_700 }).where(eq(doctors.id, doctor.id));
      // A reply asked for after the edit committed shows it, however recent.
      const reply = await a.search(doctorSearchQuerySchema.parse({ minFee: '9877', maxFee: '9877' }), NOW);
      expect((JSON.parse(reply.body) as { id: string }[]).map((d) => d.id)).toEqual([doctor.id]);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it('hears of weekly hours and time off through the feed, so the doctor is patched', async () => {
    const { doctor } = await createDoctor(t.db, { doctor: { isVerified: true, isActive: true } });
    const changedSince = async (version: string) =>
      (
        (await t.db.execute(
          sql`select doctor_id from directory_changes where version > ${version}::bigint`,
        )) as unknown as { rows: { doctor_id: string }[] }
      ).rows.map((row) => row.doctor_id);
    const last = async () =>
      (
        (await t.db.execute(sql`select coalesce(max(version), 0)::text as v from directory_changes`)) as unknown as {
          rows: { v: string }[];
        }
      ).rows[0].v;
    let from = await last();
    await t.db
      .insert(doctorSchedules)
      .values({ doctorId: doctor.id, weekly: { mon: [{ start: '09:00', end: '12:00' }] } as never })
      .onConflictDoUpdate({ target: doctorSchedules.doctorId, set: { bufferMinutes: 5 } });
    expect(await changedSince(from)).toEqual([doctor.id]);
    from = await last();
    await t.db.insert(doctorTimeOff).values({
      doctorId: doctor.id,
      startsAt: new Date('2026-04-01T00:00:00Z'),
      endsAt: new Date('2026-04-03T00:00:00Z'),
    });
    expect(await changedSince(from)).toEqual([doctor.id]);
  });
});
