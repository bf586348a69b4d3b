import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDoctor } from '../db/factories';
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

describe('compressed replies', () => {
  it('compresses a search reply of some 10 KB in one piece, its length known, not streamed in chunks', async () => {
    for (let i = 0; i < 30; i++) await createDoctor(t.db, { doctor: { isVerified: true, isActive: true } });
    const plain = await t.app.inject({ url: '/api/doctors/search', headers: { 'accept-encoding': 'identity' } });
    // The size where a streamed reply used to start on two cores (the plugin's default there).
    expect(plain.rawPayload.length).toBeGreaterThan(8192);
    const res = await t.app.inject({ url: '/api/doctors/search', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['transfer-encoding']).toBeUndefined();
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toEqual(plain.json());
  });
});
