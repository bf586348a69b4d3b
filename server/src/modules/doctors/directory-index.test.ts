import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doctorSearchQuerySchema, type DoctorSearchQuery } from '@common/schemas/doctors';
import { addDays, SLOT_TIMES, slotInstant, withinHours } from '@common/rules/slots';
import { wallClock } from '@common/rules/zoned-time';
import { createAppointment, createDoctor, createUser } from '../../db/factories';
import { doctors, users } from '../../db/schema';
import { createTestDatabase } from '../../test-support/test-database';
import type { Db } from '../../db/client';
import { DirectoryIndex } from './directory-index';
import { DirectoryIndexHolder } from './directory-index-holder';
import { readNextSlots } from './next-slots';
import { encodeCursor } from './search-cursor';
import { readVocabulary, searchDoctors } from './service';

let t: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.close());

const SPECIALTIES = ['Cardiology', 'Dermatology', 'Pediatrics'];
const COUNTRIES = ['Kenya', 'Peru', 'Norway'];
const PLACES = ['Nairobi', 'Lima', 'Oslo', 'Nairobi West'];

/** mulberry32, so a failure can be replayed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), a | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

async function seedDirectory(rand: () => number, count: number) {
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)];
  for (let i = 0; i < count; i++) {
    // Few distinct fees, ratings and counts, so ties (broken by id) are everywhere.
    await createDoctor(t.db, {
      seed: i,
      user: { isActive: rand() > 0.05 },
      doctor: {
        specialty: pick(SPECIALTIES),
        country: pick(COUNTRIES),
        location: pick(PLACES),
        consultationFee: pick([5000, 7500, 7500, 10000, 12550]),
        averageRating: pick([null, 3.25, 4.5, 4.5, 4.67, 5]),
        reviewCount: pick([0, 3, 3, 12]),
        isVerified: rand() > 0.08,
        isActive: rand() > 0.05,
      },
    });
  }
}

function randomQuery(rand: () => number): DoctorSearchQuery {
  return doctorSearchQuerySchema.parse(randomInput(rand));
}

function randomInput(rand: () => number): Record<string, string> {
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)];
  const query: Record<string, string> = {
    sort: pick(['rating', 'reviews', 'price_asc', 'price_desc']),
    limit: pick(['2', '5', '9']),
  };
  if (rand() < 0.4) query.specialty = pick([...SPECIALTIES, 'Neurology']);
  if (rand() < 0.4) query.country = pick([...COUNTRIES, 'Chile']);
  if (rand() < 0.25) query.location = pick(['nairobi', 'Lima', 'slo', 'Atlantis']);
  if (rand() < 0.2) query.q = pick(['cardio', 'Oslo', 'Kenya']);
  if (rand() < 0.4) query.minFee = pick(['50', '75', '100']);
  if (rand() < 0.4) query.maxFee = pick(['100', '125.5', '200']);
  return query;
}

/** Every page of a search, following the cursors to the end. */
async function allPages(
  query: DoctorSearchQuery,
  vocabulary: ReturnType<typeof readVocabulary>,
  now = new Date('2026-05-04T09:00:00Z'),
) {
  const pages: { cards: unknown[]; nextCursor: string | null }[] = [];
  let cursor: string | undefined;
  do {
    const page = await searchDoctors(t.db, { ...query, cursor }, vocabulary, now);
    pages.push({ cards: page.doctors, nextCursor: page.nextCursor });
    cursor = page.nextCursor ?? undefined;
  } while (cursor && pages.length < 200);
  return pages;
}

describe('the in-memory directory index', () => {
  it('finds the same doctors in the same order, page by page, as the search statement', async () => {
    const rand = random(20261123);
    await seedDirectory(rand, 90);
    const index = await DirectoryIndex.read(t.db);
    const statement = readVocabulary(t.db);
    const indexed = { ...statement, index: () => index };
    let nonEmpty = 0;
    for (let n = 0; n < 70; n++) {
      const query = randomQuery(rand);
      const expected = await allPages(query, statement);
      const actual = await allPages(query, indexed);
      expect(actual, JSON.stringify(query)).toEqual(expected);
      if (expected[0].cards.length) nonEmpty++;
    }
    // The comparison means something only if most searches found doctors.
    expect(nonEmpty).toBeGreaterThan(35);
  });

  it('holds only public doctors: unverified, paused and suspended accounts are left out', async () => {
    const index = await DirectoryIndex.read(t.db);
    const [{ count }] = (
      (await t.db.execute(sql`
        select count(*)::int as count from doctors d join users u on u.id = d.user_id
        where d.is_verified and d.is_active and u.is_active`)) as unknown as { rows: { count: number }[] }
    ).rows;
    expect(index.size).toBe(count);
    const hidden = await createDoctor(t.db, { doctor: { isVerified: false, isActive: true, country: 'Kenya' } });
    const again = await DirectoryIndex.read(t.db);
    expect(again.search({ country: 'Kenya' }, 'rating', 1000)).not.toContain(hidden.doctor.id);
  });

  it('pages on from a hostile but valid cursor (upper-case id, keys no doctor has) exactly as the statement does', async () => {
    const index = await DirectoryIndex.read(t.db);
    const statement = readVocabulary(t.db);
    const positions = [
      { sort: 'rating', rating: 4.6, reviews: 7, id: 'FFFFFFFF-0000-4000-8000-000000000000' },
      { sort: 'reviews', reviews: 3, id: '80000000-0000-4000-8000-00000000000A' },
      { sort: 'price_asc', fee: 7501, id: '00000000-0000-4000-8000-000000000000' },
      { sort: 'price_desc', fee: 0, id: 'ffffffff-ffff-4fff-bfff-ffffffffffff' },
    ] as const;
    for (const position of positions) {
      const query = doctorSearchQuerySchema.parse({ sort: position.sort, limit: '5', cursor: encodeCursor(position) });
      const expected = await searchDoctors(t.db, query, statement);
      const actual = await searchDoctors(t.db, query, { ...statement, index: () => index });
      expect(actual).toEqual(expected);
    }
  });

  it('is rebuilt when a doctor changes, builds spaced out, and never served at an older version', async () => {
    // Each read takes 300 ms on this clock, so a build waits 300 ms after the last one.
    let clock = 0;
    const slow = new Proxy(t.db, {
      get: (db, key) =>
        key === 'execute'
          ? (...args: Parameters<Db['execute']>) => ((clock += 300), db.execute(...args))
          : Reflect.get(db, key),
    });
    const holder = new DirectoryIndexHolder(slow, { now: () => clock });
    const version = async () =>
      (
        (await t.db.execute(sql`select doctors_version::text as v from directory_version`)) as unknown as {
          rows: { v: string }[];
        }
      ).rows[0].v;
    const before = await version();
    expect(holder.at(before)).toBeNull(); // starts a build
    await holder.settled();
    const built = holder.at(before);
    expect(built?.version).toBe(before);

    const { doctor } = await createDoctor(t.db, { doctor: { isVerified: true, isActive: true, country: 'Peru' } });
    const after = await version();
    expect(after).not.toBe(before);
    // Within the last build's duration of its end the statement answers and no build starts.
    clock += 299;
    expect(holder.at(after)).toBeNull();
    await holder.settled();
    expect(holder.at(after)).toBeNull();
    clock += 1;
    expect(holder.at(after)).toBeNull();
    await holder.settled();
    expect(holder.at(after)?.search({ country: 'Peru' }, 'price_asc', 1000)).toContain(doctor.id);

    // Suspending the account hides the doctor from the next index too.
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, doctor.userId));
    const suspended = await version();
    clock += 300;
    expect(holder.at(suspended)).toBeNull();
    await holder.settled();
    expect(holder.at(suspended)?.search({ country: 'Peru' }, 'price_asc', 1000)).not.toContain(doctor.id);
  });

  it('hands a page over to the statement when a doctor the index chose is no longer listed', async () => {
    const index = await DirectoryIndex.read(t.db);
    const statement = readVocabulary(t.db);
    const query = doctorSearchQuerySchema.parse({ sort: 'price_asc', limit: '3' });
    const [, second] = (await searchDoctors(t.db, query, statement)).doctors;
    await t.db.update(doctors).set({ isActive: false }).where(eq(doctors.id, second.id));
    // The index was read before the change; the page must still be full, with a cursor, and right.
    const actual = await searchDoctors(t.db, query, { ...statement, index: () => index });
    expect(actual).toEqual(await searchDoctors(t.db, query, statement));
    expect(actual.doctors.map((d) => d.id)).not.toContain(second.id);
    expect(actual.doctors).toHaveLength(3);
    expect(actual.nextCursor).not.toBeNull();
    await t.db.update(doctors).set({ isActive: true }).where(eq(doctors.id, second.id));
  });

  it('answers from the statement while the index cannot be read, and does not retry on every search', async () => {
    let reads = 0;
    const errors: unknown[] = [];
    const down = {
      execute: async () => {
        reads++;
        throw new Error('connection refused');
      },
    } as unknown as typeof t.db;
    const holder = new DirectoryIndexHolder(down, { onError: (error) => errors.push(error) });
    expect(holder.at('1')).toBeNull();
    await holder.settled();
    expect(holder.at('1')).toBeNull();
    await holder.settled();
    expect(reads).toBe(1);
    expect(errors).toHaveLength(1);
  });

  it('does not move on bookings: the doctors version stays while the directory version moves', async () => {
    const read = async () =>
      (
        (await t.db.execute(
          sql`select version::text as "all", doctors_version::text as doctors from directory_version`,
        )) as unknown as { rows: { all: string; doctors: string }[] }
      ).rows[0];
    const { doctor } = await createDoctor(t.db, { doctor: { isVerified: true, isActive: true } });
    const patient = await createDoctor(t.db); // any user will do as the patient
    const before = await read();
    await t.db.execute(sql`
      insert into appointments (patient_id, doctor_id, starts_at, time_zone, consultation_type, reason_for_visit, fee)
      values (${patient.user.id}, ${doctor.id}, '2026-05-05T10:00:00Z', 'UTC', 'video', 'Check-up', 5000)`);
    const after = await read();
    expect(after.all).not.toBe(before.all);
    expect(after.doctors).toBe(before.doctors);
    await t.db.update(doctors).set({ consultationFee: 9000 }).where(eq(doctors.id, doctor.id));
    expect((await read()).doctors).not.toBe(before.doctors);
  });
});

/** The first `count` slots of a schedule after `now`, over its next ten local days. */
function firstSlots(now: Date, zone: string, from: string | null, to: string | null, count: number): Date[] {
  const found: Date[] = [];
  const today = wallClock(now, zone).date;
  for (let day = 0; day < 10; day++)
    for (const time of SLOT_TIMES) {
      const at = slotInstant(addDays(today, day), time, zone);
      if (at && at > now && withinHours(time, from, to) && found.length < count) found.push(at);
    }
  return found;
}

describe('the in-memory directory index, judging availability', () => {
  it('filters by availability and sorts by the soonest slot as the statement does, with bookings, across zones', async () => {
    const rand = random(4052026);
    const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
    const zones = ['Europe/London', 'America/New_York', 'Asia/Kolkata', 'Pacific/Kiritimati', 'Australia/Lord_Howe'];
    const hours = [
      [null, null],
      ['09:00', '17:00'],
      ['10:00', '12:00'],
      ['16:00', '17:00'],
      ['09:00', '09:30'],
      ['09:00', '09:30'],
      ['18:00', '09:00'],
    ]; // the last has no slot at all
    const booked = new Date('2026-05-04T09:00:00Z');
    const patient = await createUser(t.db);
    for (let i = 0; i < 40; i++) {
      const [from, to] = pick(hours);
      const zone = pick(zones);
      const { doctor } = await createDoctor(t.db, {
        seed: 1000 + i,
        doctor: {
          specialty: pick(SPECIALTIES),
          country: pick(COUNTRIES),
          location: pick(PLACES),
          timeZone: zone,
          availableFrom: from,
          availableTo: to,
          isVerified: true,
          isActive: true,
        },
      });
      if (rand() < 0.5) continue;
      // Busy doctors: their first slots taken, some of them for days (a slot a day for a week puts
      // the next free one past some visitors' week), by bookings of every kind.
      for (const startsAt of firstSlots(booked, zone, from, to, pick([1, 2, 6, 7, 40]))) {
        const kind = pick(['confirmed', 'confirmed', 'confirmed', 'cancelled', 'fresh hold', 'stale hold'] as const);
        await createAppointment(t.db, {
          patientId: patient.id,
          doctorId: doctor.id,
          startsAt,
          status: kind === 'confirmed' || kind === 'cancelled' ? kind : 'pending',
          createdAt: new Date(booked.getTime() - (kind === 'stale hold' ? 45 : 5) * 60_000),
        });
      }
    }
    // Two doctors with a slot a day, booked for a week: their next free slot lies past some
    // visitors' week, where it must count as none.
    for (const zone of ['America/New_York', 'Pacific/Kiritimati']) {
      const { doctor } = await createDoctor(t.db, {
        doctor: {
          ...{ timeZone: zone, availableFrom: '09:00', availableTo: '09:30', isVerified: true, isActive: true },
          ...{ specialty: SPECIALTIES[0], country: COUNTRIES[0], location: PLACES[0] },
        },
      });
      for (const startsAt of firstSlots(booked, zone, '09:00', '09:30', 7))
        await createAppointment(t.db, { patientId: patient.id, doctorId: doctor.id, startsAt, status: 'confirmed' });
    }
    const index = await DirectoryIndex.read(t.db);
    const statement = readVocabulary(t.db);
    const schedules = await statement.schedules();
    // A schedule missing from the app's first slots is worked out by the statement, on both paths.
    const lacking = { ...statement, schedules: async () => schedules.filter((s) => s.zone !== 'Asia/Kolkata') };
    const withIndex = (vocabulary: typeof statement) => ({
      ...vocabulary,
      index: () => index,
      nextSlots: (built: DirectoryIndex, now: Date, firsts: Parameters<typeof readNextSlots>[3]) =>
        readNextSlots(t.db, built, now, firsts),
    });
    let judged = 0;
    for (const at of ['2026-05-04T09:00:00Z', '2026-05-04T23:59:30Z', '2026-03-28T23:40:00Z']) {
      const now = new Date(at);
      for (let n = 0; n < 16; n++) {
        const vocabulary = n % 3 === 0 ? lacking : statement;
        // Two searches over every doctor (no filter, any slot), then random ones.
        const query = doctorSearchQuerySchema.parse({
          ...(n < 2 ? { limit: '25' } : randomInput(rand)),
          sort: pick(['soonest', 'soonest', 'rating', 'price_desc']),
          timeZone: pick(['UTC', 'Pacific/Kiritimati', 'America/Los_Angeles', 'Europe/London']),
          ...(n >= 2 && rand() < 0.7 ? { available: pick(['today', '3days', 'week']) } : {}),
          ...(n < 2 ? { sort: 'soonest' } : {}),
        });
        const expected = await allPages(query, vocabulary, now);
        const actual = await allPages(query, withIndex(vocabulary), now);
        expect(actual, `${at} ${JSON.stringify(query)}`).toEqual(expected);
        if (expected[0].cards.length) judged++;
      }
    }
    expect(judged).toBeGreaterThan(20);
  });
});
