import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { createBus, type Bus, type BusEvent } from './bus';
import { createChatWriter } from './chat-writer';
import { consultations } from '../db/schema';
import { joinedSocket, paidConsultation } from '../test-support/realtime-fixtures';
import { createTestApp, type TestContext } from '../test-support/test-app';
import { testDriver } from '../test-support/test-database';

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

let t: TestContext;
/** The writer's own bus, and a second instance's bus that records what reaches it. */
let writerBus: Bus | null = null;
let listenerBus: Bus | null = null;
const heard: BusEvent[] = [];

beforeAll(async () => {
  t = await createTestApp();
  if (testDriver === 'postgres') {
    writerBus = await createBus(t.database, () => {}, log);
    listenerBus = await createBus(t.database, (event) => heard.push(event), log);
  }
});
afterAll(async () => {
  await writerBus?.close();
  await listenerBus?.close();
  await t.close();
});

/** A paid consultation with its room open, as the first join leaves it. */
async function openRoom() {
  const c = await paidConsultation(t.db);
  await t.db.insert(consultations).values({ appointmentId: c.id });
  return c;
}

const message = (consultationId: string, senderId: string, text: string) => ({
  consultationId,
  senderId,
  senderName: 'Someone',
  message: text,
  clientMessageId: randomUUID(),
});

describe('one participant cannot make other chat messages fail', () => {
  it('refuses a message the database rejects on its own and stores the rest of its batch', async () => {
    const writer = createChatWriter(t.db, writerBus, log);
    const a = await openRoom();
    const b = await openRoom();
    const results = await Promise.allSettled([
      writer.store(message(a.id, a.patient.id, 'before')),
      writer.store(message(a.id, a.patient.id, 'bad\u0000row')),
      writer.store(message(a.id, a.doctorUser.id, 'the doctor answers')),
      writer.store(message(b.id, b.patient.id, 'another consultation')),
    ]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value.kind : 'rejected'))).toEqual([
      'stored',
      'rejected',
      'stored',
      'stored',
    ]);
  });

  it('stores and announces 2,000-character messages next to other participants’ messages', async () => {
    const writer = createChatWriter(t.db, writerBus, log);
    const a = await openRoom();
    const others = await Promise.all(Array.from({ length: 5 }, () => openRoom()));
    const long = ['漢'.repeat(2000), '😀'.repeat(1000), '"\\'.repeat(1000)];
    const results = await Promise.all([
      ...long.map((text) => writer.store(message(a.id, a.patient.id, text))),
      ...others.map((c) => writer.store(message(c.id, c.doctorUser.id, 'Hello'))),
    ]);
    expect(results.every((r) => r.kind === 'stored')).toBe(true);
    if (!listenerBus) return; // the embedded database has no other instance to tell
    const ids = results.map((r) => (r.kind === 'stored' ? r.message.messageId : 0));
    await expect.poll(() => announcedIds(), { timeout: 5000 }).toEqual(expect.arrayContaining(ids));
  });
});

/** Every message id another instance has heard of, whatever the event carries. */
function announcedIds(): number[] {
  return heard.flatMap((event) => {
    if (event.t === 'chat') return event.messageIds;
    if (event.t === 'deliver' && event.msg.type === 'message') return [event.msg.messageId];
    return [];
  });
}

describe('a chat message with a NUL character', () => {
  it('is refused alone while the other participant’s message goes through', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${address.replace('http', 'ws')}/ws`;
    const c = await paidConsultation(t.db);
    const patient = await joinedSocket(url, c.patientCookie, c.id);
    const doctor = await joinedSocket(url, c.doctorCookie, c.id);
    patient.socket.send({ type: 'send_message', consultationId: c.id, message: 'bad\u0000message' });
    doctor.socket.send({ type: 'send_message', consultationId: c.id, message: 'Good morning' });
    expect((await patient.socket.next('error')).code).toBe('bad_message');
    expect((await patient.socket.next('message')).message).toBe('Good morning');
    expect((await doctor.socket.next('message')).message).toBe('Good morning');
    await patient.socket.close();
    await doctor.socket.close();
  });
});
