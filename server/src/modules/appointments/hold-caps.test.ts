import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UNPAID_BOOKINGS } from '@common/constants/platform';
import { bookableDoctor, localDate } from '../../test-support/booking-fixtures';
import { createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('unpaid holds are capped per person and per network address, not only per account', () => {
  const bookFrom = (cookie: string, doctorId: string, appointmentTime: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: { cookie },
      remoteAddress,
      payload: {
        doctorId,
        appointmentDate: localDate(11),
        appointmentTime,
        consultationType: 'video',
        reasonForVisit: 'Rash on both arms',
      },
    });
  const times = ['09:00 AM', '09:30 AM', '10:00 AM', '10:30 AM', '11:00 AM'];

  it(`stops throwaway accounts of one e-mail identity (+tags, any case) at ${MAX_UNPAID_BOOKINGS} holds, from any address`, async () => {
    const { doctor } = await bookableDoctor(t.db);
    const base = `holder${Math.random().toString(36).slice(2, 8)}`;
    const statuses: number[] = [];
    for (const [i, appointmentTime] of times.entries()) {
      const account = await signedInUser(t.db, { email: `${i % 2 ? base.toUpperCase() : base}+${i}@example.com` });
      statuses.push((await bookFrom(account.cookie, doctor.id, appointmentTime, `198.51.100.${i + 1}`)).statusCode);
    }
    expect(statuses).toEqual([...Array(MAX_UNPAID_BOOKINGS).fill(201), ...Array(5 - MAX_UNPAID_BOOKINGS).fill(409)]);
  });

  it(`stops different accounts on one client address at ${MAX_UNPAID_BOOKINGS} holds; another address still books`, async () => {
    const { doctor } = await bookableDoctor(t.db);
    const statuses: number[] = [];
    for (const appointmentTime of times.slice(0, 4)) {
      const account = await signedInUser(t.db);
      statuses.push((await bookFrom(account.cookie, doctor.id, appointmentTime, '203.0.113.77')).statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 409]);
    const elsewhere = await signedInUser(t.db);
    const res = await bookFrom(elsewhere.cookie, doctor.id, times[4], '203.0.113.78');
    expect(res.statusCode, res.body).toBe(201);
  });

  it('ten concurrent bookings from ten accounts on one address hold at most the cap', async () => {
    const { doctor } = await bookableDoctor(t.db);
    const accounts = await Promise.all(Array.from({ length: 10 }, () => signedInUser(t.db)));
    const slots = [
      '01:00 PM',
      '01:30 PM',
      '02:00 PM',
      '02:30 PM',
      '03:00 PM',
      '03:30 PM',
      '04:00 PM',
      '04:30 PM',
      '05:00 PM',
      '05:30 PM',
    ];
    const results = await Promise.all(
      accounts.map((a, i) => bookFrom(a.cookie, doctor.id, slots[i], '192.0.2.200').then((r) => r.statusCode)),
    );
    expect(results.filter((s) => s === 201)).toHaveLength(MAX_UNPAID_BOOKINGS);
    expect(results.filter((s) => s === 409)).toHaveLength(10 - MAX_UNPAID_BOOKINGS);
  });
});
