import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { createDoctor, createUser } from '../db/factories';
import { appointments, users } from '../db/schema';
import { createTestDatabase } from '../test-support/test-database';

const HASH = '$argon2id$v=19$m=65536,t=3,p=4$c2VjcmV0LXNhbHQ$secret-hash-that-must-not-be-logged';
const REASON = 'Confidential reason: recurring panic attacks';

let database: Database;
let app: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', DEMO_MODE: 'false' });
  app = await buildApp({ config, database, logStream: { write: (line) => void lines.push(line) } });
  // Database failures forced past validation, as a bug or a changed constraint would let them through.
  app.post('/test/failing-sign-up', async () => {
    await database.db.insert(users).values({
      email: 'nul@example.com',
      passwordHash: HASH,
      firstName: 'Ann\u0000',
      lastName: 'Lee',
      userType: 'patient',
    });
  });
  app.post('/test/failing-booking', async () => {
    const patient = await createUser(database.db);
    const { doctor } = await createDoctor(database.db);
    await database.db.insert(appointments).values({
      patientId: patient.id,
      doctorId: doctor.id,
      startsAt: new Date(Date.now() + 86_400_000),
      timeZone: 'UTC',
      consultationType: 'video',
      reasonForVisit: REASON,
      additionalNotes: 'notes\u0000',
      fee: 15000,
      status: 'pending',
    });
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('database errors are logged by code and message only', () => {
  it('never writes a password hash or a reason for visit into the log', async () => {
    const signUp = await app.inject({ method: 'POST', url: '/test/failing-sign-up' });
    const booking = await app.inject({ method: 'POST', url: '/test/failing-booking' });
    expect(signUp.statusCode).toBe(500);
    expect(booking.statusCode).toBe(500);
    const log = lines.join('');
    expect(log).toContain('unhandled error');
    expect(log).not.toContain('secret-hash');
    expect(log).not.toContain('panic attacks');
    expect(log).not.toContain('nul@example.com');
  });

  it('refuses a NUL in a sign-up name with 400 before the database sees it', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email: 'nul2@example.com',
        password: 'long enough password',
        firstName: 'A\u0000',
        lastName: 'B',
        userType: 'patient',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(lines.join('')).not.toContain('long enough password');
  });
});
