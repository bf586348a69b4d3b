import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { fromPool, type Database } from '../db/client';
import { createTestDatabase, testDriver } from '../test-support/test-database';
import { ROOM_TAKEN_OVER_CLOSE_CODE, SESSION_ENDED_CLOSE_CODE } from '@common/schemas/realtime';
import { joinedSocket, paidConsultation } from '../test-support/realtime-fixtures';

/**
 * Two app instances on one PostgreSQL: the patient talks to one, the doctor to the other, and
 * everything crosses through LISTEN/NOTIFY. PGlite is one process, so this runs on PostgreSQL only.
 */
const onPostgres = testDriver === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('two instances on one PostgreSQL', () => {
  let first: Database & { url?: string };
  let second: Database;
  const apps: FastifyInstance[] = [];
  const urls: string[] = [];

  beforeAll(async () => {
    first = await createTestDatabase();
    second = fromPool(new pg.Pool({ connectionString: first.url, max: 5 }));
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DEMO_MODE: 'false' });
    for (const database of [first, second]) {
      const app = await buildApp({ config, database });
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      apps.push(app);
      urls.push(`${address.replace('http', 'ws')}/ws`);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await second?.close();
    await first?.close();
  });

  it('carries presence, chat, signalling, start and end between instances', async () => {
    const c = await paidConsultation(first.db);
    const patient = await joinedSocket(urls[0], c.patientCookie, c.id);
    const doctor = await joinedSocket(urls[1], c.doctorCookie, c.id);
    // Each side learns the other is there, whoever came first.
    expect((await patient.socket.next('peer_joined')).peer.role).toBe('doctor');
    expect((await doctor.socket.next('peer_joined')).peer.role).toBe('patient');

    patient.socket.send({ type: 'send_message', consultationId: c.id, message: 'Hello from instance one' });
    const atDoctor = await doctor.socket.next('message');
    expect(atDoctor.message).toBe('Hello from instance one');
    expect((await patient.socket.next('message')).messageId).toBe(atDoctor.messageId);
    doctor.socket.send({ type: 'send_message', consultationId: c.id, message: 'Hello from instance two' });
    expect((await patient.socket.next('message')).message).toBe('Hello from instance two');

    // An SDP bigger than one NOTIFY payload arrives whole.
    const sdp = `v=0\r\n${'a=candidate:x '.repeat(1500)}`;
    doctor.socket.send({ type: 'webrtc_offer', consultationId: c.id, session: 'big', sdp });
    expect((await patient.socket.next('webrtc_offer')).sdp).toBe(sdp);

    const start = await apps[1].inject({
      method: 'POST',
      url: `/api/consultations/${c.id}/start`,
      headers: { cookie: c.doctorCookie },
    });
    expect(start.statusCode).toBe(200);
    await Promise.all([patient.socket.next('consultation_started'), doctor.socket.next('consultation_started')]);
    const end = await apps[0].inject({
      method: 'POST',
      url: `/api/consultations/${c.id}/end`,
      headers: { cookie: c.patientCookie },
    });
    expect(end.statusCode).toBe(200);
    await Promise.all([patient.socket.next('consultation_ended'), doctor.socket.next('consultation_ended')]);

    await patient.socket.close();
    expect((await doctor.socket.next('peer_left')).userId).toBe(c.patient.id);
    await doctor.socket.close();
  });

  it('hands the room to the newest socket of a user, whichever instance holds the older one', async () => {
    const c = await paidConsultation(first.db);
    const laptop = await joinedSocket(urls[0], c.patientCookie, c.id);
    const doctor = await joinedSocket(urls[1], c.doctorCookie, c.id);
    await doctor.socket.next('peer_joined');
    const laptopClosed = new Promise<number>((resolve) => laptop.socket.ws.once('close', resolve));
    const phone = await joinedSocket(urls[1], c.patientCookie, c.id);
    expect((await laptop.socket.next('replaced')).consultationId).toBe(c.id);
    expect(await laptopClosed).toBe(ROOM_TAKEN_OVER_CLOSE_CODE);
    expect((await doctor.socket.next('peer_joined')).peer.userId).toBe(c.patient.id);
    doctor.socket.send({ type: 'webrtc_offer', consultationId: c.id, session: 'phone', sdp: 'v=0' });
    expect((await phone.socket.next('webrtc_offer')).session).toBe('phone');
    phone.socket.send({ type: 'send_message', consultationId: c.id, message: 'On my phone now' });
    expect((await doctor.socket.next('message')).message).toBe('On my phone now');
    expect(doctor.socket.received.map((m) => m.type)).not.toContain('peer_left');

    // The doctor moves to the other instance: the patient is called by the new one.
    const doctorClosed = new Promise<number>((resolve) => doctor.socket.ws.once('close', resolve));
    const doctorAgain = await joinedSocket(urls[0], c.doctorCookie, c.id);
    expect(await doctorClosed).toBe(ROOM_TAKEN_OVER_CLOSE_CODE);
    expect((await doctorAgain.socket.next('peer_joined')).peer.userId).toBe(c.patient.id);
    doctorAgain.socket.send({ type: 'webrtc_offer', consultationId: c.id, session: 'again', sdp: 'v=0' });
    expect((await phone.socket.next('webrtc_offer')).session).toBe('again');
    await Promise.all([phone.socket.close(), doctorAgain.socket.close()]);
  });

  it("closes a session's sockets on the other instance as soon as it signs out", async () => {
    const c = await paidConsultation(first.db);
    const patient = await joinedSocket(urls[1], c.patientCookie, c.id);
    const closedWith = new Promise<number>((resolve) => patient.socket.ws.once('close', resolve));
    const logout = await apps[0].inject({
      url: '/api/logout',
      headers: { cookie: c.patientCookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(logout.statusCode).toBe(302);
    expect(await closedWith).toBe(SESSION_ENDED_CLOSE_CODE);
  });
});
