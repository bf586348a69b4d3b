import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingBooking } from '../test-support/booking-fixtures';
import { createTestApp, type TestContext } from '../test-support/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('replies carrying health data are never cached', () => {
  it('answers appointments and the calendar file with Cache-Control: no-store', async () => {
    const { patient, appointment } = await pendingBooking(t.app, t.db);
    for (const url of ['/api/appointments/patient', `/api/appointments/${appointment.id}`, '/api/auth/user']) {
      const res = await t.app.inject({ url, headers: { cookie: patient.cookie } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });
});

describe('framework errors look like every other error', () => {
  it('answers a malformed URL with the security headers and the error shape', async () => {
    const res = await t.app.inject({ url: '/api/doctors/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-security-policy']).toBeTruthy();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.json()).toMatchObject({ code: 'bad_request', message: expect.any(String) });
  });
});
