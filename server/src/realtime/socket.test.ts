import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages } from '../db/schema';
import { createTestApp, signedInUser, type TestContext } from '../test-support/test-app';
import { joinedSocket, openSocket, paidConsultation } from '../test-support/realtime-fixtures';

let t: TestContext;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `${address.replace('http', 'ws')}/ws`;
});
afterAll(() => t.close());

describe('/ws over a real socket', () => {
  it('refuses the upgrade without a session, and from a foreign origin', async () => {
    await expect(openSocket(url)).rejects.toThrow('upgrade refused: 401');
    await expect(openSocket(url, 'medora_session=forged')).rejects.toThrow('upgrade refused: 401');
    const c = await paidConsultation(t.db);
    await expect(openSocket(url, c.patientCookie, { origin: 'https://evil.example' })).rejects.toThrow(
      'upgrade refused: 403',
    );
    const ok = await openSocket(url, c.patientCookie, { origin: new URL(url).origin.replace('ws', 'http') });
    await ok.close();
  });

  it('a stranger can neither join nor read nor write', async () => {
    const c = await paidConsultation(t.db);
    const stranger = await signedInUser(t.db, { userType: 'doctor' });
    const socket = await openSocket(url, stranger.cookie);
    socket.send({ type: 'join_consultation', consultationId: c.id });
    expect(await socket.next('error')).toMatchObject({ code: 'not_found' });
    socket.send({ type: 'send_message', consultationId: c.id, message: 'hello' });
    expect(await socket.next('error')).toMatchObject({ code: 'not_joined' });
    await socket.close();
    const rest = await t.app.inject({
      url: `/api/consultations/${c.id}/messages`,
      headers: { cookie: stranger.cookie },
    });
    expect(rest.statusCode).toBe(404);
    expect(await t.db.select().from(chatMessages).where(eq(chatMessages.consultationId, c.id))).toEqual([]);
  });

  it('stores a message first, then delivers it once to each participant with the stored id', async () => {
    const c = await paidConsultation(t.db);
    const patient = await joinedSocket(url, c.patientCookie, c.id);
    const doctor = await joinedSocket(url, c.doctorCookie, c.id);
    expect((await patient.socket.next('peer_joined')).peer).toMatchObject({ userId: c.doctorUser.id, role: 'doctor' });

    patient.socket.send({ type: 'send_message', consultationId: c.id, message: '  Hello doctor  ' });
    const atDoctor = await doctor.socket.next('message');
    const atPatient = await patient.socket.next('message');
    expect(atDoctor).toMatchObject({
      message: 'Hello doctor',
      senderId: c.patient.id,
      senderName: `${c.patient.firstName} ${c.patient.lastName}`,
    });
    expect(atPatient.messageId).toBe(atDoctor.messageId);
    const [stored] = await t.db.select().from(chatMessages).where(eq(chatMessages.consultationId, c.id));
    expect(stored.id).toBe(atDoctor.messageId);

    // Blank and over-long messages are refused and nothing is stored.
    patient.socket.send({ type: 'send_message', consultationId: c.id, message: '   ' });
    expect(await patient.socket.next('error')).toMatchObject({ code: 'bad_message', message: 'Message is empty' });
    patient.socket.send({ type: 'send_message', consultationId: c.id, message: 'x'.repeat(2001) });
    expect(await patient.socket.next('error')).toMatchObject({ code: 'bad_message' });

    // Delivered once: a later message arrives and nothing else came in between.
    doctor.socket.send({ type: 'send_message', consultationId: c.id, message: 'Hi' });
    await patient.socket.next('message', (m) => m.message === 'Hi');
    expect(patient.socket.received.filter((m) => m.type === 'message')).toEqual([]);
    const rest = await t.app.inject({
      url: `/api/consultations/${c.id}/messages`,
      headers: { cookie: c.doctorCookie },
    });
    expect(rest.json().map((m: { message: string }) => m.message)).toEqual(['Hello doctor', 'Hi']);
    await Promise.all([patient.socket.close(), doctor.socket.close()]);
  });

  it('a reconnecting client resumes from its last message id without loss or duplicates', async () => {
    const c = await paidConsultation(t.db);
    const patient = await joinedSocket(url, c.patientCookie, c.id);
    const doctor = await joinedSocket(url, c.doctorCookie, c.id);
    doctor.socket.send({ type: 'send_message', consultationId: c.id, message: 'one' });
    const one = await patient.socket.next('message');
    await patient.socket.close();
    expect((await doctor.socket.next('peer_left')).userId).toBe(c.patient.id);

    // Sent while the patient is away.
    for (const text of ['two', 'three']) {
      doctor.socket.send({ type: 'send_message', consultationId: c.id, message: text });
      await doctor.socket.next('message', (m) => m.message === text);
    }
    const back = await joinedSocket(url, c.patientCookie, c.id, one.messageId);
    // A resume may replay a little of what was seen (ids can commit out of order); the client
    // keeps one copy per id. What is new is all there, in order.
    const replayed = back.history.filter((m) => m.messageId > one.messageId);
    expect(replayed.map((m) => m.message)).toEqual(['two', 'three']);

    // A resend of an unacknowledged message with the same clientMessageId is stored once.
    const clientMessageId = randomUUID();
    back.socket.send({ type: 'send_message', consultationId: c.id, message: 'four', clientMessageId });
    expect(await back.socket.next('message')).toMatchObject({ message: 'four', clientMessageId });
    back.socket.send({ type: 'send_message', consultationId: c.id, message: 'four', clientMessageId });
    back.socket.send({ type: 'send_message', consultationId: c.id, message: 'five' });
    await back.socket.next('message', (m) => m.message === 'five');
    expect(back.socket.received.filter((m) => m.type === 'message')).toEqual([]);
    const all = await t.db.select().from(chatMessages).where(eq(chatMessages.consultationId, c.id));
    expect(all.map((m) => m.message).sort()).toEqual(['five', 'four', 'one', 'three', 'two']);
    await Promise.all([back.socket.close(), doctor.socket.close()]);
  });

  it('relays signalling only to the other participant, and pushes start and end to both', async () => {
    const c = await paidConsultation(t.db);
    const patient = await joinedSocket(url, c.patientCookie, c.id);
    const doctor = await joinedSocket(url, c.doctorCookie, c.id);
    doctor.socket.send({ type: 'webrtc_offer', consultationId: c.id, session: 's1', sdp: 'v=0 fake' });
    expect(await patient.socket.next('webrtc_offer')).toMatchObject({
      from: c.doctorUser.id,
      session: 's1',
      sdp: 'v=0 fake',
    });
    expect(doctor.socket.received.some((m) => m.type === 'webrtc_offer')).toBe(false);

    const start = await t.app.inject({
      method: 'POST',
      url: `/api/consultations/${c.id}/start`,
      headers: { cookie: c.doctorCookie },
    });
    expect(start.statusCode).toBe(200);
    await Promise.all([patient.socket.next('consultation_started'), doctor.socket.next('consultation_started')]);
    const end = await t.app.inject({
      method: 'POST',
      url: `/api/consultations/${c.id}/end`,
      headers: { cookie: c.patientCookie },
    });
    expect(end.statusCode).toBe(200);
    await Promise.all([patient.socket.next('consultation_ended'), doctor.socket.next('consultation_ended')]);

    patient.socket.send({ type: 'send_message', consultationId: c.id, message: 'after the end' });
    expect(await patient.socket.next('error')).toMatchObject({ code: 'ended' });
    await Promise.all([patient.socket.close(), doctor.socket.close()]);
  });

  it('keeps order and stores each once when many messages arrive together (group commit)', async () => {
    const c = await paidConsultation(t.db);
    const patient = await joinedSocket(url, c.patientCookie, c.id);
    const doctor = await joinedSocket(url, c.doctorCookie, c.id);
    const texts = Array.from({ length: 8 }, (_, i) => `burst ${i}`);
    for (const text of texts) patient.socket.send({ type: 'send_message', consultationId: c.id, message: text });
    const got = [];
    for (let i = 0; i < texts.length; i++) got.push(await doctor.socket.next('message'));
    expect(got.map((m) => m.message)).toEqual(texts);
    expect(got.map((m) => m.messageId)).toEqual([...got.map((m) => m.messageId)].sort((a, b) => a - b));
    expect(await t.db.select().from(chatMessages).where(eq(chatMessages.consultationId, c.id))).toHaveLength(8);
    await Promise.all([patient.socket.close(), doctor.socket.close()]);
  });

  it('closes sockets with 1001 on shutdown, so clients reconnect and resume', async () => {
    const other = await createTestApp();
    try {
      const address = await other.app.listen({ port: 0, host: '127.0.0.1' });
      const c = await paidConsultation(other.db);
      const { socket } = await joinedSocket(`${address.replace('http', 'ws')}/ws`, c.patientCookie, c.id);
      const closed = new Promise<number>((resolve) => socket.ws.once('close', (code) => resolve(code)));
      await other.app.close();
      expect(await closed).toBe(1001);
    } finally {
      await other.database.close();
    }
  });

  it('survives an oversized frame: that socket closes, the server carries on', async () => {
    const c = await paidConsultation(t.db);
    const patient = await joinedSocket(url, c.patientCookie, c.id);
    const closed = new Promise<number>((resolve) => patient.socket.ws.once('close', (code) => resolve(code)));
    patient.socket.ws.send('x'.repeat(70 * 1024));
    expect(await closed).toBe(1009);
    const again = await joinedSocket(url, c.patientCookie, c.id);
    await again.socket.close();
  });

  it('finds a dead socket by its missing pongs and tells the other participant', async () => {
    const c = await paidConsultation(t.db);
    const patient = await joinedSocket(url, c.patientCookie, c.id);
    const doctor = await joinedSocket(url, c.doctorCookie, c.id);
    // A socket whose peer vanished: nothing is read any more, so no pong goes back.
    (patient.socket.ws as unknown as { _socket: { pause: () => void } })._socket.pause();
    expect((await doctor.socket.next('peer_left', undefined, 10_500)).userId).toBe(c.patient.id);
    patient.socket.ws.terminate();
    await doctor.socket.close();
  }, 15_000);

  it('rate limits chat per socket', async () => {
    const c = await paidConsultation(t.db);
    const patient = await joinedSocket(url, c.patientCookie, c.id);
    for (let i = 0; i < 15; i++) patient.socket.send({ type: 'send_message', consultationId: c.id, message: `m${i}` });
    expect(await patient.socket.next('error')).toMatchObject({ code: 'rate_limited' });
    await patient.socket.close();
  });
});
