import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { ConfigError, loadConfig } from '../../config';
import type { Database } from '../../db/client';
import { consultations } from '../../db/schema';
import { paidConsultation } from '../../test-support/realtime-fixtures';
import { signedInUser } from '../../test-support/test-app';
import { createTestDatabase } from '../../test-support/test-database';
import { turnExpiry } from './turn-credentials';

const SECRET = 'turn-secret-under-test-7f3a9c2e51';
const TURN_URLS = ['turn:turn.example.org:3478?transport=udp', 'turns:turn.example.org:5349?transport=tcp'];
const STUN = { urls: 'stun:stun.example.org:3478' };
const HOUR = 3_600_000;

let database: Database;
let app: FastifyInstance;
const logLines: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'debug',
    DEMO_MODE: 'false',
    ICE_SERVERS: JSON.stringify([STUN]),
    TURN_URLS: TURN_URLS.join(', '),
    TURN_SECRET: SECRET,
  });
  app = await buildApp({
    config,
    database,
    logStream: { write: (line) => void logLines.push(line) },
    jobs: { start: false },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const get = (url: string, cookie?: string) => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const post = (url: string, cookie: string) => app.inject({ method: 'POST', url, headers: { cookie } });

type Ice = { urls: string | string[]; username?: string; credential?: string };
const turnEntry = (iceServers: Ice[]) => iceServers.find((s) => [s.urls].flat().some((u) => u.startsWith('turn')));
/** What coturn computes for a username: the test's own HMAC, not the app's. */
const coturnPassword = (username: string) => createHmac('sha1', SECRET).update(username).digest('base64');
const expiryOf = (username: string) => Number(username.split(':')[0]) * 1000;

describe('TURN credentials in the consultation', () => {
  it('gives each participant a credential of their own that coturn accepts, expiring an hour after the visit', async () => {
    const c = await paidConsultation(database.db);
    const visitEnd = c.appointment.startsAt.getTime() + c.appointment.durationMinutes * 60_000;
    const seen: string[] = [];
    for (const cookie of [c.patientCookie, c.doctorCookie]) {
      const res = await get(`/api/consultations/${c.id}`, cookie);
      expect(res.statusCode).toBe(200);
      const { iceServers } = res.json() as { iceServers: Ice[] };
      expect(iceServers[0]).toEqual(STUN);
      const turn = turnEntry(iceServers)!;
      expect(turn.urls).toEqual(TURN_URLS);
      expect(turn.username).toMatch(/^\d{10}:[A-Za-z0-9_-]{16}$/);
      expect(turn.credential).toBe(coturnPassword(turn.username!));
      expect(expiryOf(turn.username!)).toBe(Math.floor((visitEnd + HOUR) / 1000) * 1000);
      // Nothing about the visit or the people in it: not their ids, not the appointment's.
      for (const id of [c.id, c.patient.id, c.doctorUser.id]) {
        expect(turn.username).not.toContain(id);
        expect(turn.username).not.toContain(id.slice(0, 8));
      }
      expect(res.body).not.toContain(SECRET);
      seen.push(turn.username!);
    }
    expect(new Set(seen).size).toBe(2);
    // The room rebuilds its call when its ICE servers change: a second read gives the same ones.
    const again = turnEntry((await get(`/api/consultations/${c.id}`, c.patientCookie)).json().iceServers)!;
    expect(again.username).toBe(seen[0]);
  });

  it('keeps the same credential when the doctor starts the consultation', async () => {
    const c = await paidConsultation(database.db);
    const waiting = turnEntry((await get(`/api/consultations/${c.id}`, c.doctorCookie)).json().iceServers)!;
    const started = await post(`/api/consultations/${c.id}/start`, c.doctorCookie);
    expect(started.statusCode).toBe(200);
    expect(turnEntry(started.json().iceServers)).toEqual(waiting);
  });

  it('gives no relay credential for a consultation that has ended or whose time has passed', async () => {
    const ended = await paidConsultation(database.db);
    await get(`/api/consultations/${ended.id}`, ended.patientCookie);
    await post(`/api/consultations/${ended.id}/start`, ended.doctorCookie);
    const end = await post(`/api/consultations/${ended.id}/end`, ended.patientCookie);
    expect(end.statusCode).toBe(200);
    expect(end.json().iceServers).toEqual([STUN]);
    const refresh = await get(`/api/consultations/${ended.id}/ice-servers`, ended.doctorCookie);
    expect(refresh.json()).toEqual({ iceServers: [STUN], expiresAt: null });

    const missed = await paidConsultation(database.db, { startsAt: new Date(Date.now() - 3 * HOUR) });
    expect((await get(`/api/consultations/${missed.id}`, missed.patientCookie)).json().iceServers).toEqual([STUN]);
  });
});

describe('GET /api/consultations/:id/ice-servers', () => {
  it('answers a participant with the servers of the room, never cached', async () => {
    const c = await paidConsultation(database.db, { consultationType: 'voice' });
    const view = (await get(`/api/consultations/${c.id}`, c.patientCookie)).json();
    const res = await get(`/api/consultations/${c.id}/ice-servers`, c.patientCookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json() as { iceServers: Ice[]; expiresAt: string };
    expect(body.iceServers).toEqual(view.iceServers);
    expect(Date.parse(body.expiresAt)).toBe(expiryOf(turnEntry(body.iceServers)!.username!));
    expect(res.body).not.toContain(SECRET);
  });

  it('answers 404 to anyone but the two participants, and creates nothing for them', async () => {
    const c = await paidConsultation(database.db);
    const url = `/api/consultations/${c.id}/ice-servers`;
    const otherPatient = await signedInUser(database.db, { userType: 'patient' });
    const otherDoctor = await signedInUser(database.db, { userType: 'doctor' });
    // The spec's room is for its doctor and patient: an administrator has no place in it either.
    const admin = await signedInUser(database.db, { userType: 'admin' });
    for (const stranger of [otherPatient, otherDoctor, admin]) {
      const res = await get(url, stranger.cookie);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toMatch(/turn:|credential|username/);
    }
    expect(await database.db.select().from(consultations).where(eq(consultations.appointmentId, c.id))).toEqual([]);
    expect((await get(url)).statusCode).toBe(401);
  });

  it('answers hostile ids with 400 or 404, never a 500', async () => {
    const { cookie } = await signedInUser(database.db);
    const ids = [
      'not-a-uuid',
      '%00',
      encodeURIComponent('00000000-0000-0000-0000-000000000000\u0000'),
      'a'.repeat(5000),
      encodeURIComponent("' or 1=1 --"),
      '..%2F..%2Fapi%2Fhealth',
    ];
    for (const id of ids) {
      const res = await get(`/api/consultations/${id}/ice-servers`, cookie);
      expect([400, 404], id.slice(0, 40)).toContain(res.statusCode);
    }
    expect((await get('/api/consultations/7d0f1c5e-3b7a-4c1e-9a55-0c9f1e2d3a4b/ice-servers', cookie)).statusCode).toBe(
      404,
    );
  });

  it('writes neither the secret nor a credential to the log', async () => {
    const c = await paidConsultation(database.db);
    const res = await get(`/api/consultations/${c.id}/ice-servers`, c.doctorCookie);
    const { credential } = turnEntry(res.json().iceServers)!;
    await get(`/api/consultations/${c.id}`, c.patientCookie);
    const log = logLines.join('');
    expect(log).toContain('/ice-servers');
    expect(log).not.toContain(SECRET);
    expect(log).not.toContain(credential);
  });
});

describe('when a credential expires', () => {
  const visitEnd = new Date('2026-03-10T10:30:00Z');
  const at = (offsetMs: number) => new Date(visitEnd.getTime() + offsetMs);

  it('does not move during a visit, so the room keeps its call', () => {
    const anchor = visitEnd.getTime() + HOUR;
    for (const offset of [-23 * HOUR, -45 * 60_000, -30 * 60_000, -1000, 0, 29 * 60_000])
      expect(turnExpiry({ visitEnd, now: at(offset), ttlSeconds: null }).getTime()).toBe(anchor);
  });

  it('moves on in whole hours for a call that runs long, with at least 30 minutes left', () => {
    for (const offset of [45 * 60_000, 2.5 * HOUR, 30 * HOUR]) {
      const now = at(offset);
      const expiry = turnExpiry({ visitEnd, now, ttlSeconds: null }).getTime();
      expect(expiry - now.getTime()).toBeGreaterThanOrEqual(30 * 60_000);
      expect(expiry - now.getTime()).toBeLessThan(90 * 60_000);
      expect((expiry - visitEnd.getTime()) % HOUR).toBe(0);
    }
  });

  it('is at most a day away for a visit days ahead', () => {
    const now = at(-3 * 24 * HOUR);
    const lifetime = turnExpiry({ visitEnd, now, ttlSeconds: null }).getTime() - now.getTime();
    expect(lifetime).toBeLessThanOrEqual(24 * HOUR);
    expect(lifetime).toBeGreaterThan(23 * HOUR);
  });

  it('lives at most TURN_TTL_SECONDS and more than half of it when one is set', () => {
    for (const offset of [0, 1000, 299_000, 301_000]) {
      const now = at(offset);
      const lifetime = turnExpiry({ visitEnd, now, ttlSeconds: 600 }).getTime() - now.getTime();
      expect(lifetime).toBeLessThanOrEqual(600_000);
      expect(lifetime).toBeGreaterThan(300_000);
    }
  });
});

describe('TURN configuration', () => {
  const base = { TURN_URLS: 'turn:turn.example.org:3478?transport=udp', TURN_SECRET: SECRET };

  it('is off by default and reads URLs, secret and lifetime', () => {
    expect(loadConfig({}).turn).toBeNull();
    expect(loadConfig({ ...base, TURN_URLS: ` ${TURN_URLS.join(' , ')} `, TURN_TTL_SECONDS: '900' }).turn).toEqual({
      urls: TURN_URLS,
      secret: SECRET,
      ttlSeconds: 900,
    });
    expect(loadConfig({ ...base, TURN_URLS: 'turn:[::1]:3478,turn:127.0.0.1' }).turn?.urls).toEqual([
      'turn:[::1]:3478',
      'turn:127.0.0.1',
    ]);
  });

  it('refuses half a setup, bad URLs, weak secrets and lifetimes beyond a day, without echoing the secret', () => {
    expect(() => loadConfig({ TURN_URLS: base.TURN_URLS })).toThrow(/TURN_SECRET: must be set together with TURN_URLS/);
    expect(() => loadConfig({ TURN_SECRET: SECRET })).toThrow(/TURN_URLS: must be set together with TURN_SECRET/);
    expect(() => loadConfig({ ...base, TURN_URLS: 'https://turn.example.org' })).toThrow(/TURN_URLS: must be turn:/);
    expect(() => loadConfig({ ...base, TURN_URLS: 'turn:x?transport=sctp' })).toThrow(/TURN_URLS/);
    expect(() => loadConfig({ ...base, TURN_TTL_SECONDS: '90000' })).toThrow(/TURN_TTL_SECONDS: must be at most/);
    expect(() => loadConfig({ ...base, TURN_TTL_SECONDS: '60' })).toThrow(/TURN_TTL_SECONDS/);
    for (const secret of ['short-1', 'a secret with spaces in it']) {
      const error = (() => {
        try {
          loadConfig({ ...base, TURN_SECRET: secret });
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).message).toMatch(/TURN_SECRET: must be/);
      expect((error as ConfigError).message).not.toContain(secret);
    }
  });
});
