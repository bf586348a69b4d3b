import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUpcomingVisit } from '@common/rules/upcoming-visit';
import type { AppointmentStatus } from '@common/schemas/appointments';
import { createAppointment, createDoctor, createPayment } from '../../db/factories';
import { createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Page = {
  items: { id: string; startsAt: string; status: string; durationMinutes: number }[];
  nextCursor: string | null;
};
const MIN = 60_000;

async function pageOf(cookie: string, query: string) {
  return t.app.inject({ url: `/api/patient/appointments?${query}`, headers: { cookie } });
}

/** Every page of one half, following the cursors as the screen does. */
async function readAll(cookie: string, when: 'upcoming' | 'past', limit: number) {
  const seen: Page['items'] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await pageOf(cookie, `when=${when}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.statusCode).toBe(200);
    const page = res.json() as Page;
    expect(page.items.length).toBeLessThanOrEqual(limit);
    seen.push(...page.items);
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor && pages < 50);
  return { seen, pages };
}

describe('GET /api/patient/appointments', () => {
  it('splits the list as the screens do and pages each half without a repeat or a gap', async () => {
    const patient = await signedInUser(t.db);
    const doctors = await Promise.all([0, 1, 2].map(() => createDoctor(t.db)));
    const now = Date.now();
    // Each case on the edge of the rule: under way, just over, cancelled ahead, held ahead, done.
    const cases: [AppointmentStatus, number, number?][] = [
      ['confirmed', -10, 30], // under way: still upcoming
      ['confirmed', -31, 30], // ended a minute ago: past
      ['scheduled', -50, 60], // a longer visit still under way
      ['pending', 3 * 24 * 60],
      ['cancelled', 5 * 24 * 60],
      ['completed', -2 * 24 * 60],
      ['no-show', -3 * 24 * 60],
      ['confirmed', -5 * 24 * 60], // never marked done, but over
    ];
    // Thirty more a day apart, and three at one instant (cancelled, so no slot rule stops them).
    for (let i = 1; i <= 30; i += 1) cases.push([i % 3 ? 'confirmed' : 'cancelled', (i - 15) * 24 * 60 + 7]);
    for (let i = 0; i < 3; i += 1) cases.push(['cancelled', 9 * 24 * 60 + 1]);
    const made: Awaited<ReturnType<typeof createAppointment>>[] = [];
    for (const [i, [status, minutes, duration]] of cases.entries()) {
      made.push(
        await createAppointment(t.db, {
          patientId: patient.user.id,
          doctorId: doctors[i % 3].doctor.id,
          startsAt: new Date(now + minutes * MIN),
          durationMinutes: duration ?? 30,
          status,
        }),
      );
    }
    const stranger = await signedInUser(t.db);
    await createAppointment(t.db, {
      patientId: stranger.user.id,
      doctorId: doctors[0].doctor.id,
      startsAt: new Date(now + 4 * 24 * 60 * MIN),
    });

    const upcoming = await readAll(patient.cookie, 'upcoming', 7);
    const past = await readAll(patient.cookie, 'past', 7);
    const clock = new Date();
    const expected = made.filter((a) => isUpcomingVisit(a, clock));
    expect(upcoming.seen.map((a) => a.id).sort()).toEqual(expected.map((a) => a.id).sort());
    expect(past.seen.map((a) => a.id).sort()).toEqual(
      made
        .filter((a) => !expected.includes(a))
        .map((a) => a.id)
        .sort(),
    );
    expect(upcoming.pages).toBe(Math.ceil(expected.length / 7));
    const starts = (list: Page['items']) => list.map((a) => Date.parse(a.startsAt));
    expect(starts(upcoming.seen)).toEqual([...starts(upcoming.seen)].sort((a, b) => a - b));
    expect(starts(past.seen)).toEqual([...starts(past.seen)].sort((a, b) => b - a));
    // The edge cases land where the rule puts them.
    const statusAt = (list: Page['items'], i: number) => list.some((a) => a.id === made[i].id);
    expect([0, 2, 3].map((i) => statusAt(upcoming.seen, i))).toEqual([true, true, true]);
    expect([1, 4, 5, 6, 7].map((i) => statusAt(past.seen, i))).toEqual([true, true, true, true, true]);
  });

  it('answers an empty first page for a new patient and asks for no cursor', async () => {
    const patient = await signedInUser(t.db);
    const res = await pageOf(patient.cookie, 'when=past');
    expect(res.json()).toEqual({ items: [], nextCursor: null });
  });

  it('refuses a forged cursor, a page too large and an unknown half, and a caller not signed in', async () => {
    const patient = await signedInUser(t.db);
    const forged = Buffer.from('not-a-date_x', 'utf8').toString('base64url');
    for (const query of [`cursor=${forged}`, 'cursor=%00', 'limit=51', 'limit=0', 'limit=1e9', 'when=later']) {
      const res = await pageOf(patient.cookie, query);
      expect(res.statusCode, query).toBe(400);
    }
    expect((await t.app.inject({ url: '/api/patient/appointments' })).statusCode).toBe(401);
  });
});

describe('GET /api/patient/doctors', () => {
  it('names each doctor of a paid visit once, and none the patient only held a slot with', async () => {
    const patient = await signedInUser(t.db);
    const [paid, refunded, heldOnly, lapsed, others] = await Promise.all(
      [0, 1, 2, 3, 4].map((i) => createDoctor(t.db, { user: { lastName: `Seen${i}` } })),
    );
    const at = (days: number) => new Date(Date.now() + days * 24 * 60 * MIN);
    const visit = (doctorId: string, status: AppointmentStatus, days: number) =>
      createAppointment(t.db, { patientId: patient.user.id, doctorId, startsAt: at(days), status });
    await visit(paid.doctor.id, 'completed', -20);
    await visit(paid.doctor.id, 'confirmed', 6);
    const cancelled = await visit(refunded.doctor.id, 'cancelled', 8);
    await createPayment(t.db, {
      appointmentId: cancelled.id,
      patientId: patient.user.id,
      purpose: 'appointment',
      amount: cancelled.fee,
      status: 'refunded',
    });
    await visit(heldOnly.doctor.id, 'pending', 9);
    await visit(lapsed.doctor.id, 'cancelled', 10);
    const stranger = await signedInUser(t.db);
    await createAppointment(t.db, {
      patientId: stranger.user.id,
      doctorId: others.doctor.id,
      startsAt: at(-4),
      status: 'completed',
    });

    const res = await t.app.inject({ url: '/api/patient/doctors', headers: { cookie: patient.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { doctorId: paid.doctor.id, firstName: paid.user.firstName, lastName: 'Seen0', specialty: paid.doctor.specialty },
      {
        doctorId: refunded.doctor.id,
        firstName: refunded.user.firstName,
        lastName: 'Seen1',
        specialty: refunded.doctor.specialty,
      },
    ]);
    expect(res.headers['cache-control']).toContain('no-store');
  });
});
