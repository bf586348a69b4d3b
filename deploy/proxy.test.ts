import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { wallClock } from '@common/rules/zoned-time';
import { fromPool, type Database } from '../server/src/db/client';
import { createUser } from '../server/src/db/factories';
import { bookableDoctor } from '../server/src/test-support/booking-fixtures';
import {
  captureOutput,
  nginxBinary,
  nginxConfigForTest,
  readNginxConf,
  startAppInstance,
  startNginx,
  stopChild,
  waitUntilUp,
} from './instances';

/**
 * Two app instances on one PostgreSQL behind Debian's nginx, configured with deploy/nginx.conf:
 * what compose.yaml runs, without Docker. Outside CI it skips (saying why) when PostgreSQL or
 * nginx is missing; in CI (CI=true) a missing piece fails the run.
 */
const PROXY_PORT = 5440;
const APP_PORTS: [number, number] = [5441, 5442];
const DATABASE = 'medora_test_instances';
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:54330/postgres';
const proxy = `http://127.0.0.1:${PROXY_PORT}`;

async function missingPiece(): Promise<string | null> {
  if (!nginxBinary()) return 'nginx is not installed (apt-get install nginx)';
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.end();
    return null;
  } catch (error) {
    return `PostgreSQL at ${serverUrl} is not reachable (${(error as Error).message}); set TEST_DATABASE_URL`;
  }
}

const missing = await missingPiece();
if (missing && process.env.CI === 'true') throw new Error(`multi-instance proxy test cannot run in CI: ${missing}`);
if (missing) console.warn(`multi-instance proxy test skipped: ${missing}`);

const databaseUrl = () => {
  const url = new URL(serverUrl);
  url.pathname = `/${DATABASE}`;
  return url.toString();
};

type Instance = { child: ChildProcess; output: () => string; port: number };

describe.skipIf(missing !== null)('two instances behind nginx on one PostgreSQL', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'medora-proxy-'));
  const instances: Instance[] = [];
  let nginx: ChildProcess | undefined;
  let database: Database;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${DATABASE} with (force)`);
    await admin.query(`create database ${DATABASE}`);
    await admin.end();

    // Started together on an empty database: they must take turns migrating it.
    for (const port of APP_PORTS) {
      const child = startAppInstance({
        NODE_ENV: 'production',
        // Migrates its own database at start (a production deploy runs `npm run migrate` first).
        MIGRATE_ON_START: 'true',
        DATABASE_URL: databaseUrl(),
        PORT: String(port),
        HOST: '127.0.0.1',
        TRUST_PROXY: '1',
        DEMO_MODE: 'false',
        SEED_DEMO: 'false',
        DB_POOL_SIZE: '4',
        LOG_LEVEL: 'warn',
        // High, so that only the per-account throttle stops the guesses below.
        AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      });
      instances.push({ child, output: captureOutput(child), port });
    }
    for (const instance of instances) {
      await waitUntilUp(`http://127.0.0.1:${instance.port}/api/health/ready`, instance.child, instance.output, 90_000);
    }
    const conf = nginxConfigForTest(readNginxConf(), { dir, listen: PROXY_PORT, upstreams: APP_PORTS });
    nginx = startNginx(nginxBinary()!, dir, conf);
    await waitUntilUp(`${proxy}/api/health/ready`, nginx, captureOutput(nginx), 20_000);
    database = fromPool(new pg.Pool({ connectionString: databaseUrl(), max: 2 }));
  }, 150_000);

  afterAll(async () => {
    await database?.close();
    await stopChild(nginx, 'SIGQUIT');
    await Promise.all(instances.map((instance) => stopChild(instance.child)));
    rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  const api = async (method: string, url: string, cookie?: string, body?: unknown) => {
    const res = await fetch(`${proxy}${url}`, {
      method,
      headers: { ...(cookie ? { cookie } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
  };

  const signIn = async (email: string, password: string) => {
    const res = await fetch(`${proxy}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return res.headers.getSetCookie()[0].split(';')[0];
  };

  /** What one instance (not the proxy) reports about itself. */
  const metricsOf = async (port: number) => (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const sample = (text: string, series: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    return line ? Number(line.slice(series.length + 1)) : 0;
  };
  const openSocketsPerInstance = async () =>
    Promise.all(APP_PORTS.map(async (port) => sample(await metricsOf(port), 'medora_websocket_open_sockets')));

  const openSocket = (cookie: string) =>
    new Promise<{ socket: WebSocket; frames: Record<string, unknown>[] }>((resolve, reject) => {
      const socket = new WebSocket(`ws://127.0.0.1:${PROXY_PORT}/ws`, { headers: { cookie } });
      const frames: Record<string, unknown>[] = [];
      socket.on('message', (raw) => frames.push(JSON.parse(raw.toString())));
      socket.once('open', () => resolve({ socket, frames }));
      socket.once('error', reject);
    });
  const nextFrame = async (frames: Record<string, unknown>[], match: (f: Record<string, unknown>) => boolean) => {
    await expect.poll(() => frames.find(match), { timeout: 10_000 }).toBeTruthy();
    return frames.find(match)!;
  };

  it('serves a patient and a doctor on different instances: sign-in, booking, payment and chat both ways', async () => {
    const password = 'a long test password';
    const patientUser = await createUser(database.db, { password, firstName: 'Pia', lastName: 'Proxy' });
    // A New York doctor with known fees, bookable every day whatever weekday the test runs on.
    const { user: doctorUser, doctor } = await bookableDoctor(database.db, { user: { password } });
    const patient = await signIn(patientUser.email, password);
    const doctorCookie = await signIn(doctorUser.email, password);

    const booked = await api('POST', '/api/appointments', patient, {
      doctorId: doctor.id,
      appointmentDate: wallClock(new Date(Date.now() + 10 * 86_400_000), 'America/New_York').date,
      appointmentTime: '10:00 AM',
      consultationType: 'video',
      reasonForVisit: 'Follow-up through the proxy',
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const appointmentId = booked.body.id as string;

    const intent = await api('POST', '/api/payments/create-intent', patient, { appointmentId });
    expect(intent.status).toBe(200);
    const card = await api('POST', '/api/payments/simulated/confirm-card', patient, {
      clientSecret: intent.body.clientSecret,
      card: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', postcode: '10001' },
    });
    expect(card.status).toBe(200);
    const confirmed = await api('POST', '/api/payments/confirm', patient, {
      paymentIntentId: intent.body.paymentIntentId,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.appointment.status).toBe('confirmed');
    // The doctor, served by whichever instance, sees the paid booking.
    expect((await api('GET', `/api/appointments/${appointmentId}`, doctorCookie)).body.status).toBe('confirmed');
    expect((await api('GET', `/api/consultations/${appointmentId}`, patient)).status).toBe(200);

    // The patient's socket lands on one instance; the doctor's is opened until it lands on the other.
    const patientSide = await openSocket(patient);
    const afterPatient = await openSocketsPerInstance();
    expect(afterPatient.reduce((a, b) => a + b)).toBe(1);
    const patientInstance = afterPatient.indexOf(1);
    let doctorSide = await openSocket(doctorCookie);
    for (let tries = 0; (await openSocketsPerInstance())[1 - patientInstance] !== 1; tries++) {
      if (tries > 6) throw new Error('nginx never placed the second socket on the other instance');
      doctorSide.socket.close();
      await expect.poll(async () => (await openSocketsPerInstance()).reduce((a, b) => a + b)).toBe(1);
      doctorSide = await openSocket(doctorCookie);
    }
    expect(await openSocketsPerInstance()).toEqual([1, 1]);

    for (const side of [patientSide, doctorSide]) {
      side.socket.send(JSON.stringify({ type: 'join_consultation', consultationId: appointmentId }));
      await nextFrame(side.frames, (f) => f.type === 'joined');
    }
    patientSide.socket.send(
      JSON.stringify({ type: 'send_message', consultationId: appointmentId, message: 'Hello from the patient' }),
    );
    await nextFrame(doctorSide.frames, (f) => f.type === 'message' && f.message === 'Hello from the patient');
    doctorSide.socket.send(
      JSON.stringify({ type: 'send_message', consultationId: appointmentId, message: 'Hello from the doctor' }),
    );
    await nextFrame(patientSide.frames, (f) => f.type === 'message' && f.message === 'Hello from the doctor');

    // Each instance counted the one message sent by its own socket.
    const sent = await Promise.all(
      APP_PORTS.map(async (port) => sample(await metricsOf(port), 'medora_chat_messages_sent_total')),
    );
    expect(sent).toEqual([1, 1]);
    patientSide.socket.close();
    doctorSide.socket.close();
  });

  it('counts sign-in failures for one account across both instances', async () => {
    const password = 'the right password';
    const user = await createUser(database.db, { password });
    const failures = async () =>
      Promise.all(
        APP_PORTS.map(async (port) =>
          sample(
            await metricsOf(port),
            'medora_http_request_duration_seconds_count{method="POST",route="/api/auth/login",status_code="401"}',
          ),
        ),
      );
    const before = await failures();
    for (let i = 0; i < 5; i++) {
      const res = await api('POST', '/api/auth/login', undefined, { email: user.email, password: `wrong guess ${i}` });
      expect(res.status).toBe(401);
    }
    const after = await failures();
    const perInstance = after.map((n, i) => n - before[i]);
    // Both instances saw some of the five, neither saw all of them...
    expect(
      perInstance.every((n) => n >= 1 && n < 5),
      `failures per instance: ${perInstance}`,
    ).toBe(true);
    // ...yet the account is locked on both, even for the right password.
    for (let i = 0; i < 2; i++) {
      const blocked = await api('POST', '/api/auth/login', undefined, { email: user.email, password });
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toMatch(/Too many failed sign-in attempts/);
    }
  });

  it('keeps /metrics away from the public side and shows readiness through the proxy', async () => {
    expect((await fetch(`${proxy}/metrics`)).status).toBe(404);
    expect((await api('GET', '/api/health/ready')).body).toEqual({
      status: 'ready',
      database: 'up',
      migrations: 'done',
    });
    expect((await api('GET', '/api/health/live')).status).toBe(200);
  });
});
