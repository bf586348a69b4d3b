import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedInstant } from '@common/rules/zoned-time';
import { book, bookableDoctor, localDate } from '../../test-support/booking-fixtures';
import { createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NY = 'America/New_York';
const at = (days: number, time: string) => zonedInstant(localDate(days), time, NY);
const overlaps = (cookie: string | undefined, startsAt: string, endsAt: string) =>
  t.app.inject({
    url: `/api/appointments/overlaps?startsAt=${encodeURIComponent(startsAt)}&endsAt=${encodeURIComponent(endsAt)}`,
    headers: cookie ? { cookie } : {},
  });

describe('GET /api/appointments/overlaps', () => {
  it('names my visit with another doctor at the same time, and nothing next to it or of other people', async () => {
    const first = await bookableDoctor(t.db, { user: { firstName: 'Lena', lastName: 'Moreau' } });
    const me = await signedInUser(t.db);
    const other = await signedInUser(t.db);
    const mine = await book(t.app, me.cookie, {
      doctorId: first.doctor.id,
      appointmentDate: localDate(50),
      appointmentTime: '03:00 PM',
    });
    expect(mine.statusCode).toBe(201);
    await book(t.app, other.cookie, {
      doctorId: first.doctor.id,
      appointmentDate: localDate(50),
      appointmentTime: '04:00 PM',
    });

    const same = await overlaps(me.cookie, at(50, '15:00').toISOString(), at(50, '15:30').toISOString());
    expect(same.statusCode).toBe(200);
    expect(same.headers['cache-control']).toBe('no-store');
    expect(same.json()).toEqual([
      {
        id: mine.json().id,
        status: 'pending',
        startsAt: at(50, '15:00').toISOString(),
        endsAt: at(50, '15:30').toISOString(),
        timeZone: NY,
        consultationType: 'video',
        doctorName: 'Dr. Lena Moreau',
      },
    ]);
    const partly = await overlaps(me.cookie, at(50, '14:45').toISOString(), at(50, '15:15').toISOString());
    expect(partly.json()).toHaveLength(1);
    const next = await overlaps(me.cookie, at(50, '15:30').toISOString(), at(50, '16:00').toISOString());
    expect(next.json()).toEqual([]);
    const theirs = await overlaps(me.cookie, at(50, '16:00').toISOString(), at(50, '16:30').toISOString());
    expect(theirs.json()).toEqual([]);
  });

  it('forgets a released hold', async () => {
    const { doctor } = await bookableDoctor(t.db);
    const me = await signedInUser(t.db);
    const held = await book(t.app, me.cookie, {
      doctorId: doctor.id,
      appointmentDate: localDate(51),
      appointmentTime: '09:00 AM',
    });
    const released = await t.app.inject({
      method: 'POST',
      url: `/api/appointments/${held.json().id}/release`,
      headers: { cookie: me.cookie },
    });
    expect(released.statusCode).toBe(200);
    const res = await overlaps(me.cookie, at(51, '09:00').toISOString(), at(51, '09:30').toISOString());
    expect(res.json()).toEqual([]);
  });

  it('refuses visitors and bad input with 4xx', async () => {
    const me = await signedInUser(t.db);
    const start = at(52, '09:00').toISOString();
    const end = at(52, '09:30').toISOString();
    expect((await overlaps(undefined, start, end)).statusCode).toBe(401);
    for (const [s, e] of [
      [end, start],
      [start, start],
      ['2026-13-40T99:00:00Z', end],
      [`${start}\u0000`, end],
      ['9999-01-01T00:00:00Z', '9999-01-01T00:30:00Z'],
      [start, at(60, '09:00').toISOString()],
      ['x'.repeat(5000), end],
    ]) {
      expect((await overlaps(me.cookie, s, e)).statusCode, `${s.slice(0, 30)} → ${e}`).toBe(400);
    }
    expect((await t.app.inject({ url: '/api/appointments/overlaps', headers: { cookie: me.cookie } })).statusCode).toBe(
      400,
    );
  });
});
