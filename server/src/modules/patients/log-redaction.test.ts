import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '@common/schemas/meta';

/**
 * A patient's journey against a real server process at the most verbose log level, then a search
 * of everything it wrote for the password, the medical fields and the reason for visit.
 */
// The server process runs on its own embedded database whichever project runs this file, so it runs
// once, in the PGlite project.
const runs = process.env.TEST_DB_DRIVER !== 'postgres';
let base = '';
const dataDir = mkdtempSync(join(tmpdir(), 'medora-logs-'));
let server: ChildProcess;
let output = '';

/** A port nobody listens on now, so parallel runs of this file do not collide. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

beforeAll(async () => {
  if (!runs) return;
  const PORT = await freePort();
  base = `http://127.0.0.1:${PORT}`;
  server = spawn(join(process.cwd(), 'node_modules/.bin/tsx'), ['server/src/main.ts', '--api-only'], {
    env: {
      ...process.env,
      // Production refuses the demo accounts this journey signs in with; logging is the same in both.
      NODE_ENV: 'test',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'trace',
      DEMO_MODE: 'true',
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  for (let i = 0; i < 240; i++) {
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`server did not start:\n${output}`);
}, 150_000);

afterAll(async () => {
  if (!runs) return;
  server?.kill('SIGTERM');
  await new Promise((resolve) => server?.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(email: string, password: string) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  return res.headers.get('set-cookie')!.split(';')[0];
}

const send = async (cookie: string, method: string, url: string, body?: unknown) => {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.text() };
};

describe.skipIf(!runs)('server logs', () => {
  it('never contain the password, medical fields or the reason for visit', async () => {
    const patient = DEMO_ACCOUNTS.find((a) => a.userType === 'patient')!;
    const doctor = DEMO_ACCOUNTS.find((a) => a.userType === 'doctor')!;
    const secrets = {
      medicalHistory: 'Zebrafish-history-7731',
      currentMedications: 'Quokka-medication-5512',
      allergies: 'Narwhal-allergy-9043',
      reasonForVisit: 'Axolotl-reason-2207',
      additionalNotes: 'Pangolin-notes-6618',
    };
    const cookie = await signIn(patient.email, patient.password);
    const profile = {
      dateOfBirth: '1985-02-03',
      gender: 'female',
      phoneNumber: '+1 555 010 2030',
      address: '1 Main St',
      city: 'Boston',
      country: 'United States',
      emergencyContactName: 'Kim',
      emergencyContactPhone: '+1 555 010 9999',
      emergencyContactRelation: 'friend',
      medicalHistory: secrets.medicalHistory,
      currentMedications: secrets.currentMedications,
      allergies: secrets.allergies,
      agreedToTerms: true,
    };
    const created = await send(cookie, 'POST', '/api/patients/profile', profile);
    expect([201, 409]).toContain(created.status);
    const { agreedToTerms: _, ...fields } = profile;
    expect((await send(cookie, 'PUT', '/api/patients/profile', fields)).status).toBe(200);
    // A refused profile and a refused booking carry the same values back in the request.
    expect((await send(cookie, 'POST', '/api/patients/profile', { ...profile, dateOfBirth: 'x' })).status).toBe(400);

    const mine = JSON.parse((await send(cookie, 'GET', '/api/appointments/patient')).body);
    const doctorId = mine[0].doctorId as string;
    // A weekday a month out: the demo doctor works Monday to Friday.
    let ahead = 30;
    while ([0, 6].includes(new Date(Date.now() + ahead * 86_400_000).getUTCDay())) ahead++;
    const day = new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10);
    const booked = await send(cookie, 'POST', '/api/appointments', {
      doctorId,
      appointmentDate: day,
      appointmentTime: '11:30 AM',
      consultationType: 'video',
      reasonForVisit: secrets.reasonForVisit,
      additionalNotes: secrets.additionalNotes,
    });
    expect(booked.status, booked.body).toBe(201);
    const appointmentId = JSON.parse(booked.body).id as string;
    const badBooking = await send(cookie, 'POST', '/api/appointments', {
      doctorId,
      appointmentDate: 'not a date',
      appointmentTime: '11:30 AM',
      consultationType: 'video',
      reasonForVisit: secrets.reasonForVisit,
    });
    expect(badBooking.status).toBe(400);
    const intent = JSON.parse((await send(cookie, 'POST', '/api/payments/create-intent', { appointmentId })).body);
    await send(cookie, 'POST', '/api/payments/simulated/confirm-card', {
      clientSecret: intent.clientSecret,
      card: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', postcode: '10001' },
    });
    expect(
      (await send(cookie, 'POST', '/api/payments/confirm', { paymentIntentId: intent.paymentIntentId })).status,
    ).toBe(200);
    expect((await send(cookie, 'GET', '/api/patients/me/export')).status).toBe(200);

    const doctorCookie = await signIn(doctor.email, doctor.password);
    const me = JSON.parse((await send(cookie, 'GET', '/api/auth/user')).body);
    expect((await send(doctorCookie, 'GET', `/api/patients/${me.id}/profile`)).status).toBe(200);
    expect((await send(doctorCookie, 'GET', `/api/appointments/${appointmentId}`)).status).toBe(200);
    expect((await send(doctorCookie, 'GET', '/api/appointments/doctor')).status).toBe(200);
    await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: patient.email, password: `${patient.password}-wrong` }),
    });

    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(output.length).toBeGreaterThan(1000);
    for (const [field, value] of Object.entries(secrets)) expect(output, field).not.toContain(value);
    expect(output, 'password').not.toContain(patient.password);
  }, 120_000);
});
