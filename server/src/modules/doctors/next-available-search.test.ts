import { randomUUID } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weekdaysOnly } from '@common/rules/schedule-rules';
import { doctorSearchQuerySchema } from '@common/schemas/doctor-queries';
import type { PublicDoctor } from '@common/schemas/doctors';
import { createAppointment, createDoctor, createUser } from '../../db/factories';
import { appointments, doctorSchedules, doctorTimeOff } from '../../db/schema';
import { createTestDatabase } from '../../test-support/test-database';
import { DirectorySearch } from './directory-search';
import { nextFreeSlots } from './next-free';
import { availabilityWindow } from './service';

let t: Awaited<ReturnType<typeof createTestDatabase>>;
const engines: DirectorySearch[] = [];
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  for (const engine of engines) await engine.stop();
  await t.close();
});

// Saturday 09:10 UTC; the doctors and the visitor are in UTC, so "today" is Saturday.
const NOW = new Date('2026-03-14T09:10:00Z');
const everyDay = (start: string, end: string) => {
  const day = [{ start, end }];
  return { mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: day };
};

/** An engine that follows the feed only when told to. */
async function engine() {
  const search = new DirectorySearch(t, { pollMs: 3_600_000 });
  engines.push(search);
  await search.sync();
  return search;
}

async function cards(search: DirectorySearch, input: Record<string, string>, at = NOW): Promise<PublicDoctor[]> {
  // The reply path, as a request takes it: it also follows the bookings.
  const reply = await search.search(doctorSearchQuerySchema.parse({ timeZone: 'UTC', limit: '50', ...input }), at);
  return JSON.parse(reply.body) as PublicDoctor[];
}

/** Six doctors on their old hours (weekdays 09:00–17:00, 2 hours' notice) in a country of their own. */
async function doctorsOf(country: string) {
  const names = ['free', 'booked', 'notice', 'away', 'weekdays', 'unsaved'] as const;
  const made = {} as Record<
    (typeof names)[number],
    { id: string; timeZone: string; availableFrom: string | null; availableTo: string | null }
  >;
  for (const name of names) {
    const { doctor } = await createDoctor(t.db, {
      doctor: { country, timeZone: 'UTC', availableFrom: null, availableTo: null, isVerified: true, isActive: true },
    });
    made[name] = doctor;
  }
  return made;
}

/** Their own weeks, time off and a booking: what the generator must see through. */
async function giveRules(d: Awaited<ReturnType<typeof doctorsOf>>) {
  const rules = [
    { doctorId: d.free.id, weekly: everyDay('09:00', '17:00'), minNoticeMinutes: 0 },
    // 30-minute visits with 10 minutes between: 09:00, 09:40, 10:20, …
    { doctorId: d.booked.id, weekly: everyDay('09:00', '17:00'), minNoticeMinutes: 0, bufferMinutes: 10 },
    { doctorId: d.notice.id, weekly: everyDay('09:00', '17:00'), minNoticeMinutes: 120 },
    { doctorId: d.away.id, weekly: everyDay('09:00', '17:00'), minNoticeMinutes: 0 },
    { doctorId: d.weekdays.id, weekly: weekdaysOnly('09:00', '17:00'), minNoticeMinutes: 0 },
  ];
  for (const rule of rules) {
    await t.db.insert(doctorSchedules).values(rule).onConflictDoUpdate({ target: doctorSchedules.doctorId, set: rule });
  }
  await t.db.insert(doctorTimeOff).values({
    doctorId: d.away.id,
    startsAt: new Date('2026-03-14T00:00:00Z'),
    endsAt: new Date('2026-03-15T12:00:00Z'),
  });
  const patient = await createUser(t.db, {});
  await createAppointment(t.db, {
    patientId: patient.id,
    doctorId: d.booked.id,
    startsAt: new Date('2026-03-14T09:40:00Z'),
    status: 'confirmed',
  });
}

/** What the doctor's own slots give: the generator's first free video slot. */
const EXPECTED = {
  free: '2026-03-14T09:30:00.000Z', // 09:00 has passed
  booked: '2026-03-14T10:20:00.000Z', // 09:40 is taken
  notice: '2026-03-14T11:30:00.000Z', // 2 hours from 09:10
  away: '2026-03-15T12:00:00.000Z', // back Sunday noon
  weekdays: '2026-03-16T09:00:00.000Z', // no weekend hours
  unsaved: '2026-03-16T09:00:00.000Z', // old hours: weekdays only
};

function expectGeneratorAnswers(found: PublicDoctor[], d: Awaited<ReturnType<typeof doctorsOf>>) {
  const next = Object.fromEntries(found.map((card) => [card.id, card.nextAvailableAt]));
  for (const [name, at] of Object.entries(EXPECTED)) expect(next[d[name as keyof typeof d].id], name).toBe(at);
}

const soonestOrder = (d: Awaited<ReturnType<typeof doctorsOf>>) =>
  (Object.keys(EXPECTED) as (keyof typeof EXPECTED)[])
    .map((name) => ({ id: d[name].id, at: EXPECTED[name] }))
    .sort((a, b) => a.at.localeCompare(b.at) || (a.id < b.id ? -1 : 1))
    .map((x) => x.id);

describe('search’s next available comes from the one slot generator', () => {
  it('skips a day the week leaves out, time off, notice and bookings, on cards, the today filter and the soonest sort', async () => {
    const country = `Genland ${randomUUID().slice(0, 8)}`;
    const d = await doctorsOf(country);
    await giveRules(d);
    const search = await engine();

    expectGeneratorAnswers(await cards(search, { country }), d);
    // The same answer as the generator run per doctor over the visitor's week.
    const { until } = availabilityWindow({ timeZone: 'UTC' }, NOW);
    const direct = await nextFreeSlots(t.db, Object.values(d), NOW, until);
    for (const doctor of Object.values(d)) {
      const card = (await cards(search, { country })).find((c) => c.id === doctor.id)!;
      expect(card.nextAvailableAt).toBe(new Date(direct.get(doctor.id)!).toISOString());
    }

    const today = (await cards(search, { country, available: 'today', sort: 'soonest' })).map((c) => c.id);
    expect(today).toEqual([d.free.id, d.booked.id, d.notice.id]);
    const soonest = (await cards(search, { country, sort: 'soonest' })).map((c) => c.id);
    expect(soonest).toEqual(soonestOrder(d));
  });

  it('follows weeks, time off and bookings changed after the engine was built, as one built afresh', async () => {
    const country = `Genland ${randomUUID().slice(0, 8)}`;
    const d = await doctorsOf(country);
    const patched = await engine();
    // Kept next free slots and soonest orders exist before the change, so they are patched too.
    const before = await cards(patched, { country, sort: 'soonest' });
    for (const card of before) expect(card.nextAvailableAt).toBe('2026-03-16T09:00:00.000Z');
    expect(await cards(patched, { country, available: 'today' })).toEqual([]);

    await giveRules(d);
    await patched.sync();
    const rebuilt = await engine();
    const queries: Record<string, string>[] = [
      { sort: 'soonest' },
      { available: 'today' },
      { available: '3days', sort: 'price_asc' },
    ];
    for (const query of queries) {
      expect(await cards(patched, { country, ...query }), JSON.stringify(query)).toEqual(
        await cards(rebuilt, { country, ...query }),
      );
    }
    expectGeneratorAnswers(await cards(patched, { country }), d);
    expect((await cards(patched, { country, sort: 'soonest' })).map((c) => c.id)).toEqual(soonestOrder(d));

    // Time off taken away: the doctor is back today.
    await t.db.delete(doctorTimeOff);
    await patched.sync();
    const back = (await cards(patched, { country, available: 'today', sort: 'soonest' })).map((c) => c.id);
    // Both at 09:30 now: the id breaks the tie.
    expect(back).toEqual([...[d.free.id, d.away.id].sort(), d.booked.id, d.notice.id]);
    expect(await cards(patched, { country, sort: 'soonest' })).toEqual(
      await cards(await engine(), { country, sort: 'soonest' }),
    );
  });

  it('moves only the booked doctor when a booking comes and goes within one clock minute', async () => {
    const country = `Genland ${randomUUID().slice(0, 8)}`;
    const d = await doctorsOf(country);
    await giveRules(d);
    const search = await engine();
    expectGeneratorAnswers(await cards(search, { country }), d);
    const soonestBefore = await cards(search, { country, sort: 'soonest' });
    const wholeReads = search.slotReads.full;

    const patient = await createUser(t.db, {});
    const visit = await createAppointment(t.db, {
      patientId: patient.id,
      doctorId: d.free.id,
      startsAt: new Date(EXPECTED.free),
      status: 'confirmed',
    });
    const booked = Object.fromEntries((await cards(search, { country })).map((c) => [c.id, c.nextAvailableAt]));
    expect(booked[d.free.id]).toBe('2026-03-14T10:00:00.000Z');
    expect(booked[d.booked.id]).toBe(EXPECTED.booked);
    expect(await cards(search, { country, sort: 'soonest' })).toEqual(
      await cards(await engine(), { country, sort: 'soonest' }),
    );
    // Two more: "free" is next free at 11:00 now, after "booked" (10:20) in the kept soonest order.
    for (const startsAt of ['2026-03-14T10:00:00Z', '2026-03-14T10:30:00Z']) {
      await createAppointment(t.db, { patientId: patient.id, doctorId: d.free.id, startsAt: new Date(startsAt) });
    }
    const soonestAfter = await cards(search, { country, sort: 'soonest' });
    expect(soonestAfter.slice(0, 2).map((c) => [c.id, c.nextAvailableAt])).toEqual([
      [d.booked.id, EXPECTED.booked],
      [d.free.id, '2026-03-14T11:00:00.000Z'],
    ]);
    expect(soonestAfter).toEqual(await cards(await engine(), { country, sort: 'soonest' }));
    expect(soonestAfter.map((c) => c.id)).not.toEqual(soonestBefore.map((c) => c.id));

    await t.db
      .update(appointments)
      .set({ status: 'cancelled' })
      .where(and(eq(appointments.doctorId, d.free.id), ne(appointments.id, visit.id)));
    await t.db.update(appointments).set({ status: 'cancelled' }).where(eq(appointments.id, visit.id));
    expectGeneratorAnswers(await cards(search, { country }), d);
    expect((await cards(search, { country, sort: 'soonest' })).map((c) => c.id)).toEqual(soonestOrder(d));
    // Within the minute every move was patched in, its doctor alone; no read of every booking.
    expect(search.slotReads.full).toBe(wholeReads);
    expect(search.slotReads.patches).toBeGreaterThanOrEqual(3);
  });

  it('keeps a search reply across a booking that moves no first free slot, and builds it again when one moves', async () => {
    const country = `Genland ${randomUUID().slice(0, 8)}`;
    const d = await doctorsOf(country);
    await giveRules(d);
    const search = await engine();
    const query = doctorSearchQuerySchema.parse({ timeZone: 'UTC', limit: '50', country });
    // Kept from the second time a query is asked.
    await search.search(query, NOW);
    const kept = await search.search(query, NOW);
    expect(await search.search(query, NOW)).toBe(kept);

    const patient = await createUser(t.db, {});
    // Monday afternoon: every doctor's first free slot stays where it was.
    await createAppointment(t.db, {
      patientId: patient.id,
      doctorId: d.free.id,
      startsAt: new Date('2026-03-16T15:00:00Z'),
    });
    expect(await search.search(query, NOW)).toBe(kept);

    // The first free slot itself: the reply is built again, with the next one.
    await createAppointment(t.db, { patientId: patient.id, doctorId: d.free.id, startsAt: new Date(EXPECTED.free) });
    const moved = await search.search(query, NOW);
    expect(moved).not.toBe(kept);
    const card = (JSON.parse(moved.body) as PublicDoctor[]).find((c) => c.id === d.free.id);
    expect(card?.nextAvailableAt).toBe('2026-03-14T10:00:00.000Z');
  });

  it('shares one patch among the requests that see newer bookings while it waits', async () => {
    const country = `Genland ${randomUUID().slice(0, 8)}`;
    const d = await doctorsOf(country);
    await giveRules(d);
    const search = await engine();
    await cards(search, { country });
    const patient = await createUser(t.db, {});
    for (const startsAt of [EXPECTED.free, '2026-03-14T10:00:00Z', '2026-03-14T10:30:00Z']) {
      await createAppointment(t.db, { patientId: patient.id, doctorId: d.free.id, startsAt: new Date(startsAt) });
    }
    const [{ count }] = (
      (await t.db.execute(
        sql`select (version - doctors_version)::int as count from directory_version where id = 1`,
      )) as unknown as { rows: { count: number }[] }
    ).rows;
    const patches = search.slotReads.patches;
    // Three requests, each having read a later count than the one before, before any patch is read.
    const asked = [count - 2, count - 1, count].map((n) => search.nextSlots(NOW, String(n)));
    expect(new Set(asked).size).toBe(1);
    expect(search.slotReads.patches).toBe(patches + 1);
    const { until } = availabilityWindow({ timeZone: 'UTC' }, NOW);
    expect((await asked[0]).nextFor(d.free.id, until)?.toISOString()).toBe('2026-03-14T11:00:00.000Z');
    // An older count than the kept one is answered by the newer slots, without another read.
    expect(search.nextSlots(NOW, String(count - 1))).toBe(asked[0]);
    expect(search.slotReads.patches).toBe(patches + 1);
  });

  it('answers the home page’s featured doctors without waiting for bookings, and keeps the reply across one', async () => {
    const country = `Genland ${randomUUID().slice(0, 8)}`;
    const d = await doctorsOf(country);
    await giveRules(d);
    const search = await engine();
    const first = await search.featured(50, NOW);
    expect(JSON.parse(first.body)[0]).not.toHaveProperty('nextAvailableAt');
    const reads = { ...search.slotReads };

    const patient = await createUser(t.db, {});
    await createAppointment(t.db, { patientId: patient.id, doctorId: d.free.id, startsAt: new Date(EXPECTED.free) });
    expect((await search.featured(50, NOW)).body).toBe(first.body);
    expect(search.slotReads).toEqual(reads);
  });

  it('carries next free slots from minute to minute as an engine built afresh at each minute', async () => {
    const country = `Genland ${randomUUID().slice(0, 8)}`;
    const d = await doctorsOf(country);
    await giveRules(d);
    const search = await engine();
    const patient = await createUser(t.db, {});
    // Every 7 minutes for four hours: slots pass, notice moves, and a booking lands in between.
    for (let step = 0; step <= 34; step++) {
      const at = new Date(NOW.getTime() + step * 7 * 60_000);
      if (step === 10) {
        await createAppointment(t.db, {
          patientId: patient.id,
          doctorId: d.notice.id,
          startsAt: new Date('2026-03-14T13:30:00Z'),
          status: 'confirmed',
        });
      }
      if (step === 20) {
        await t.db.insert(doctorTimeOff).values({
          doctorId: d.free.id,
          startsAt: new Date('2026-03-14T12:00:00Z'),
          endsAt: new Date('2026-03-14T15:00:00Z'),
        });
        await search.sync();
      }
      const queries: Record<string, string>[] = [{ sort: 'soonest' }, { available: 'today', sort: 'soonest' }];
      for (const query of queries) {
        const fresh = await engine();
        expect(await cards(search, { country, ...query }, at), `${at.toISOString()} ${JSON.stringify(query)}`).toEqual(
          await cards(fresh, { country, ...query }, at),
        );
        await fresh.stop();
      }
    }
  });
});
