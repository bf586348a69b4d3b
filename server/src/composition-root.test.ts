import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { fixedClock } from './core/clock';
import { sessionToken, userForToken } from './http/session';
import { SimulatedProvider } from './payments/simulated';
import { pendingBooking } from './test-support/booking-fixtures';
import { createTestApp, signedInUser, type TestContext } from './test-support/test-app';
import { createTestDatabase } from './test-support/test-database';

/** Test doubles enter through buildApp's options, the same door production parts use. */
const clock = fixedClock(new Date());
let t: TestContext;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(() => t.close());

describe('composition root', () => {
  it('ends a session by the injected clock, not the wall clock', async () => {
    const { cookie } = await signedInUser(t.db);
    expect((await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(200);
    clock.advance(8 * 24 * 3_600_000); // past the 7-day idle limit
    expect((await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(401);
    clock.set(new Date());
  });

  it('gives the payment routes the provider passed to buildApp', async () => {
    const database = await createTestDatabase();
    const calls: number[] = [];
    const recording = new SimulatedProvider(database.db);
    const create = recording.createIntent.bind(recording);
    recording.createIntent = async (input) => {
      calls.push(input.amount);
      return create(input);
    };
    const app = await buildApp({ config: t.config, database, payments: recording });
    try {
      const { patient, appointment } = await pendingBooking(app, database.db);
      const res = await app.inject({
        method: 'POST',
        url: '/api/payments/create-intent',
        headers: { cookie: patient.cookie },
        payload: { appointmentId: appointment.id },
      });
      expect(res.statusCode).toBe(200);
      expect(calls).toEqual([appointment.fee]);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('identifies the caller with a narrow user that never carries the password hash', async () => {
    const { user, cookie } = await signedInUser(t.db);
    const token = sessionToken({ cookies: { [cookie.split('=')[0]]: cookie.split('=')[1] } } as never);
    const sessionUser = await userForToken(
      t.db,
      token,
      { idleMs: t.config.sessionIdleMs, maxAgeMs: t.config.sessionMaxAgeMs },
      clock.now(),
    );
    expect(sessionUser).toEqual({
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      userType: user.userType,
      isActive: true,
      emailVerified: true,
      mfaEnabled: false,
      // The account's chosen language (decision 058); none chosen yet.
      language: null,
    });
  });
});
