import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, chatMessages, consultations, earnings } from '../../db/schema';
import { bothInRoom } from '../../test-support/presence';
import { paidConsultation } from '../../test-support/realtime-fixtures';
import { createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';
import { readChat } from '../../policies/consultation';
import { storeMessages } from './chat';

// The patient's own reads of their conversation, through the policy (their own: not audited).
const listMessages = (db: TestContext['db'], c: { id: string; patient: { id: string } }, after = 0) =>
  readChat(db, { id: c.patient.id, role: 'patient', requestId: 'test' }, c.id, after, new Date());

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ ICE_SERVERS: '[{"urls":"stun:stun.example.org:3478"}]' });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, cookie: string) =>
  t.app.inject({ method, url, headers: { cookie } });

describe('consultations API', () => {
  it('shows the room to its patient and doctor only, creating it on first visit', async () => {
    const c = await paidConsultation(t.db, { consultationType: 'voice' });
    const stranger = await signedInUser(t.db);
    expect((await call('GET', `/api/consultations/${c.id}`, stranger.cookie)).statusCode).toBe(404);
    expect(await t.db.select().from(consultations).where(eq(consultations.appointmentId, c.id))).toEqual([]);

    const res = await call('GET', `/api/consultations/${c.id}`, c.patientCookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: c.id,
      status: 'waiting',
      startedAt: null,
      appointment: {
        consultationType: 'voice',
        reasonForVisit: c.appointment.reasonForVisit,
        paymentStatus: 'succeeded',
      },
      doctor: { specialty: c.doctor.specialty, user: { firstName: c.doctorUser.firstName } },
      patient: { id: c.patient.id },
      iceServers: [{ urls: 'stun:stun.example.org:3478' }],
    });
    expect((await call('GET', `/api/consultations/${c.id}`, c.doctorCookie)).statusCode).toBe(200);
    expect((await call('GET', `/api/consultations/not-a-uuid`, c.doctorCookie)).statusCode).toBe(400);
  });

  it('has no room for an unpaid or unconfirmed appointment', async () => {
    const c = await paidConsultation(t.db, { paid: false });
    expect((await call('GET', `/api/consultations/${c.id}`, c.patientCookie)).statusCode).toBe(404);
  });

  it('only the doctor starts, only while waiting, and only from 15 minutes before', async () => {
    const c = await paidConsultation(t.db);
    expect((await call('POST', `/api/consultations/${c.id}/start`, c.patientCookie)).statusCode).toBe(403);
    const otherDoctor = await signedInUser(t.db, { userType: 'doctor' });
    expect((await call('POST', `/api/consultations/${c.id}/start`, otherDoctor.cookie)).statusCode).toBe(404);
    const started = await call('POST', `/api/consultations/${c.id}/start`, c.doctorCookie);
    expect(started.statusCode).toBe(200);
    expect(started.json().status).toBe('active');
    expect(started.json().startedAt).not.toBeNull();
    const again = await call('POST', `/api/consultations/${c.id}/start`, c.doctorCookie);
    expect(again.statusCode).toBe(409);

    const later = await paidConsultation(t.db, { startsAt: new Date(Date.now() + 20 * 60_000) });
    const early = await call('POST', `/api/consultations/${later.id}/start`, later.doctorCookie);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/15 minutes before/);
    const [row] = await t.db.select().from(consultations).where(eq(consultations.appointmentId, later.id));
    expect(row.status).toBe('waiting');
  });

  it('cannot end before the start; two racing ends give one end, a completed appointment and an available earning', async () => {
    const c = await paidConsultation(t.db);
    const early = await call('POST', `/api/consultations/${c.id}/end`, c.patientCookie);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('The consultation has not started yet.');
    await bothInRoom(t.db, { id: c.id, doctorUserId: c.doctorUser.id, patientId: c.patient.id });
    await call('POST', `/api/consultations/${c.id}/start`, c.doctorCookie);

    const results = await Promise.all([
      call('POST', `/api/consultations/${c.id}/end`, c.patientCookie),
      call('POST', `/api/consultations/${c.id}/end`, c.doctorCookie),
      call('POST', `/api/consultations/${c.id}/end`, c.patientCookie),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const [consultation] = await t.db.select().from(consultations).where(eq(consultations.appointmentId, c.id));
    expect(consultation.status).toBe('ended');
    const [appointment] = await t.db.select().from(appointments).where(eq(appointments.id, c.id));
    expect(appointment.status).toBe('completed');
    const [earning] = await t.db.select().from(earnings).where(eq(earnings.appointmentId, c.id));
    expect(earning.status).toBe('available');
  });

  it('lists my video appointments from today on', async () => {
    const soon = await paidConsultation(t.db);
    const res = await call('GET', '/api/consultations', soon.patientCookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([expect.objectContaining({ appointmentId: soon.id, consultationType: 'video' })]);
    const voice = await paidConsultation(t.db, { consultationType: 'voice' });
    expect((await call('GET', '/api/consultations', voice.patientCookie)).json()).toEqual([]);
    const voices = await call('GET', '/api/consultations?type=voice', voice.patientCookie);
    expect(voices.json()).toEqual([expect.objectContaining({ appointmentId: voice.id, consultationType: 'voice' })]);
    expect((await call('GET', '/api/consultations?type=fax', voice.patientCookie)).statusCode).toBe(400);
  });

  it('answers 400 for a bad message cursor', async () => {
    const c = await paidConsultation(t.db);
    const res = await call('GET', `/api/consultations/${c.id}/messages?after=abc`, c.patientCookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('after');
  });
});

describe('storing chat in batches', () => {
  it('stores a batch in order, once per clientMessageId, and nothing for an ended consultation', async () => {
    const open = await paidConsultation(t.db);
    const ended = await paidConsultation(t.db);
    await call('GET', `/api/consultations/${open.id}`, open.patientCookie);
    await call('GET', `/api/consultations/${ended.id}`, ended.patientCookie);
    await call('POST', `/api/consultations/${ended.id}/start`, ended.doctorCookie);
    await call('POST', `/api/consultations/${ended.id}/end`, ended.doctorCookie);
    const msg = (c: typeof open, message: string, clientMessageId = randomUUID()) => ({
      consultationId: c.id,
      senderId: c.patient.id,
      senderName: 'Pat',
      message,
      clientMessageId,
    });
    const repeat = randomUUID();
    const results = await storeMessages(
      t.db,
      [msg(open, 'a'), msg(open, 'b', repeat), msg(ended, 'late'), msg(open, 'b again', repeat), msg(open, 'c')],
      null,
    );
    expect(results.map((r) => r.kind)).toEqual(['stored', 'stored', 'ended', 'duplicate', 'stored']);
    const ids = results.flatMap((r) => (r.kind === 'stored' ? [r.message.messageId] : []));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect((await listMessages(t.db, open)).map((m) => m.message)).toEqual(['a', 'b', 'c']);
  });
});

describe('resuming chat history', () => {
  it('replays a message committed after a higher id was already seen, and nothing older than the overlap', async () => {
    const c = await paidConsultation(t.db);
    await call('GET', `/api/consultations/${c.id}`, c.patientCookie);
    const at = (seconds: number) => new Date(Date.now() + seconds * 1000);
    const row = (id: number, message: string, createdAt: Date) => ({
      id,
      consultationId: c.id,
      senderId: c.patient.id,
      senderName: 'Pat',
      message,
      createdAt,
    });
    // Ids far above the sequence, written as if #900000002 committed before #900000001.
    await t.db
      .insert(chatMessages)
      .values([row(900_000_000, 'long ago', at(-120)), row(900_000_002, 'seen first', at(0))]);
    await t.db.insert(chatMessages).values(row(900_000_001, 'committed late', at(-1)));
    const resumed = await listMessages(t.db, c, 900_000_002);
    expect(resumed.map((m) => m.message)).toEqual(['committed late', 'seen first']);
    expect((await listMessages(t.db, c)).map((m) => m.message)).toEqual(['long ago', 'committed late', 'seen first']);
  });
});
