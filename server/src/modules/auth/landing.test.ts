import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';

/** Someone already signed in who follows "Doctor Login" or "Patient Login" lands where their work is. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const follow = async (cookie: string, returnTo?: string) =>
  (
    await t.app.inject({
      url: returnTo === undefined ? '/api/login' : `/api/login?returnTo=${encodeURIComponent(returnTo)}`,
      headers: { cookie },
    })
  ).headers.location;

describe('GET /api/login when already signed in', () => {
  it('sends each role to its work from the landing page or with no return path', async () => {
    const doctor = await signedInUser(t.db, { userType: 'doctor' });
    const admin = await signedInUser(t.db, { userType: 'admin' });
    const patient = await signedInUser(t.db, { userType: 'patient' });
    expect(await follow(doctor.cookie, '/')).toBe('/dashboard');
    expect(await follow(doctor.cookie)).toBe('/dashboard');
    expect(await follow(admin.cookie, '/')).toBe('/admin');
    expect(await follow(patient.cookie, '/')).toBe('/');
  });

  it('lets a same-site return path win, and only that', async () => {
    const doctor = await signedInUser(t.db, { userType: 'doctor' });
    expect(await follow(doctor.cookie, '/appointments?x=1')).toBe('/appointments?x=1');
    expect(await follow(doctor.cookie, '//evil.example/phish')).toBe('/dashboard');
  });
});
