import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_RATE_LIMITS, UNREAD_NOTICE_AFTER_MS } from '@common/constants/care';
import { fixedClock } from '../../core/clock';
import { createAppointment, createDoctor, createPayment, createUser } from '../../db/factories';
import { auditEvents, conversations, emailMessages, messages, notifications } from '../../db/schema';
import { openSocket } from '../../test-support/realtime-fixtures';
import { cookieFor, createTestApp, type TestContext } from '../../test-support/test-app';

const START = new Date(Math.floor(Date.now() / 60_000) * 60_000);
const clock = fixedClock(START);
let t: TestContext;
type Who = { id: string; cookie: string };
let patient: Who;
let doctor: Who & { doctorId: string };
let otherDoctor: Who & { doctorId: string };
let stranger: Who;
let admin: Who;
const password = 'correct horse battery';

async function person(type: 'patient' | 'admin', firstName = 'Lena', lastName = 'Vogel'): Promise<Who> {
  const user = await createUser(t.db, { userType: type, firstName, lastName, password });
  return { id: user.id, cookie: await cookieFor(t.db, user) };
}
async function aDoctor(firstName: string, lastName: string) {
  const { user, doctor: row } = await createDoctor(t.db, { user: { firstName, lastName } });
  return { id: user.id, doctorId: row.id, cookie: await cookieFor(t.db, user) };
}
let minute = 0;
async function visit(p: Who, d: { doctorId: string }, status: 'pending' | 'confirmed' | 'completed' | 'cancelled') {
  return createAppointment(t.db, {
    patientId: p.id,
    doctorId: d.doctorId,
    startsAt: new Date(START.getTime() - 86_400_000 - ++minute * 60_000),
    status,
  });
}

const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: Who | null, payload?: object) =>
  t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });
const open = (who: Who, body: object) => call('POST', '/api/conversations', who, body);
const send = (who: Who, id: string, body: string, extra: object = {}) =>
  call('POST', `/api/conversations/${id}/messages`, who, { body, ...extra });

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  patient = await person('patient');
  stranger = await person('patient', 'Sam', 'Stranger');
  admin = await person('admin', 'Ada', 'Admin');
  doctor = await aDoctor('Amara', 'Okafor');
  otherDoctor = await aDoctor('Otto', 'Other');
  await visit(patient, doctor, 'completed');
  await visit(patient, otherDoctor, 'pending');
});
afterAll(async () => t?.close());

describe('who may open a conversation', () => {
  it('refuses a patient without a paid visit with the doctor: none, an unpaid hold, a lapsed unpaid hold', async () => {
    expect((await open(stranger, { doctorId: doctor.doctorId })).statusCode).toBe(404);
    // An unpaid hold opens nothing.
    expect((await open(patient, { doctorId: otherDoctor.doctorId })).statusCode).toBe(404);
    const lapsed = await person('patient', 'Lapsed', 'Hold');
    await visit(lapsed, doctor, 'cancelled');
    expect((await open(lapsed, { doctorId: doctor.doctorId })).statusCode).toBe(404);
    // A doctor who never treated the patient cannot open one either, nor with a made-up id.
    expect((await open(otherDoctor, { patientId: stranger.id })).statusCode).toBe(404);
    expect((await open(doctor, { patientId: stranger.id })).statusCode).toBe(404);
    // A patient cannot open one "as a doctor", nor an administrator at all.
    expect((await open(patient, { patientId: stranger.id })).statusCode).toBe(404);
    expect((await open(admin, { doctorId: doctor.doctorId })).statusCode).toBe(403);
    expect(await t.db.select().from(conversations)).toHaveLength(0);
  });

  it('lets a patient whose paid visit was later cancelled open one', async () => {
    const refunded = await person('patient', 'Rita', 'Refund');
    const a = await visit(refunded, doctor, 'cancelled');
    await createPayment(t.db, {
      appointmentId: a.id,
      patientId: refunded.id,
      purpose: 'appointment',
      amount: a.fee,
      status: 'refunded',
    });
    expect((await open(refunded, { doctorId: doctor.doctorId })).statusCode).toBe(201);
  });

  it('opens one per pair: the patient gets 201 then the same one, the doctor the same one too', async () => {
    const first = await open(patient, { doctorId: doctor.doctorId });
    expect(first.statusCode, first.body).toBe(201);
    const again = await open(patient, { doctorId: doctor.doctorId });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    const fromDoctor = await open(doctor, { patientId: patient.id });
    expect(fromDoctor.statusCode).toBe(200);
    expect(fromDoctor.json()).toMatchObject({
      id: first.json().id,
      status: 'open',
      patient: { id: patient.id, firstName: 'Lena' },
      doctor: { doctorId: doctor.doctorId, firstName: 'Amara' },
      unreadCount: 0,
    });
  });
});

describe('a conversation belongs to its two parties', () => {
  let id: string;
  beforeAll(async () => {
    id = (await open(patient, { doctorId: doctor.doctorId })).json().id;
    expect((await send(patient, id, 'Is the rash meant to itch?')).statusCode).toBe(201);
  });

  it('is not found for a stranger, another doctor or an administrator, and nothing is written', async () => {
    for (const who of [stranger, otherDoctor]) {
      expect((await call('GET', `/api/conversations/${id}/messages`, who)).statusCode).toBe(404);
      expect((await send(who, id, 'let me in')).statusCode).toBe(404);
      expect((await call('POST', `/api/conversations/${id}/read`, who)).statusCode).toBe(404);
      expect((await call('POST', `/api/conversations/${id}/reopen`, who)).statusCode).toBe(404);
      expect((await call('GET', '/api/conversations', who)).json()).toEqual([]);
    }
    expect((await call('GET', `/api/conversations/${id}/messages`, admin)).statusCode).toBe(403);
    expect((await call('GET', `/api/conversations/${id}/messages`, null)).statusCode).toBe(401);
    const stored = await t.db.select().from(messages).where(eq(messages.conversationId, id));
    expect(stored.map((m) => m.body)).toEqual(['Is the rash meant to itch?']);
  });

  it('refuses an empty body, one over 4,000 characters and control characters', async () => {
    for (const body of ['', '   ', 'x'.repeat(4_001), 'bell\u0007', 'nul\u0000', 'line\u2028sep']) {
      const reply = await send(patient, id, body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      expect(reply.json().fields).toHaveProperty('body');
    }
    expect((await send(patient, id, 'y'.repeat(4_000))).statusCode).toBe(201);
    expect((await send(patient, id, 'two\nlines\tand a tab')).statusCode).toBe(201);
  });

  it("counts unread per side, moves the read marker, and logs the doctor's read in the patient's access log", async () => {
    const doctorList = (await call('GET', '/api/conversations', doctor)).json();
    const mine = (list: { id: string; unreadCount: number }[]) => list.find((c) => c.id === id)!;
    expect(mine(doctorList).unreadCount).toBe(3);
    expect((await call('GET', '/api/conversations/unread', doctor)).json()).toEqual({ unread: 3 });
    // The sender's own messages are never unread for them.
    expect((await call('GET', '/api/conversations', patient)).json()[0].unreadCount).toBe(0);

    const page = await call('GET', `/api/conversations/${id}/messages`, doctor);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.json().messages.map((m: { body: string }) => m.body)[0]).toBe('Is the rash meant to itch?');
    const reads = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectUserId, patient.id), eq(auditEvents.targetType, 'conversation_messages')));
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatchObject({ actorId: doctor.id, action: 'patient_record.read', targetId: id });
    const log = (await call('GET', '/api/patients/profile/access-log', patient)).json();
    expect(JSON.stringify(log)).toContain('Messages');

    expect((await call('POST', `/api/conversations/${id}/read`, doctor)).json()).toEqual({ unreadCount: 0 });
    expect((await send(doctor, id, 'A little, yes.')).statusCode).toBe(201);
    expect((await call('GET', '/api/conversations', patient)).json()[0].unreadCount).toBe(1);
    expect(mine((await call('GET', '/api/conversations', doctor)).json()).unreadCount).toBe(0);
  });

  it('pages back with `before`', async () => {
    const newest = (await call('GET', `/api/conversations/${id}/messages`, patient)).json();
    expect(newest.nextBefore).toBeNull();
    const older = await call('GET', `/api/conversations/${id}/messages?before=${newest.messages[1].id}`, patient);
    expect(older.json().messages.map((m: { id: number }) => m.id)).toEqual([newest.messages[0].id]);
    expect((await call('GET', `/api/conversations/${id}/messages?before=abc`, patient)).statusCode).toBe(400);
  });
});

describe('live, and after ten minutes unread', () => {
  it("arrives on the other party's socket, and never on a stranger's", async () => {
    const id = (await open(patient, { doctorId: doctor.doctorId })).json().id;
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${address.replace('http', 'ws')}/ws`;
    const doctorSocket = await openSocket(url, doctor.cookie);
    const strangerSocket = await openSocket(url, stranger.cookie);
    try {
      expect((await send(patient, id, 'Are you there?')).statusCode).toBe(201);
      const live = await doctorSocket.next('conversation_message');
      expect(live.message).toMatchObject({ conversationId: id, senderId: patient.id, body: 'Are you there?' });
      // The stranger's socket got nothing of it (a later frame to the doctor proves the wait was long enough).
      await send(doctor, id, 'Yes.');
      await doctorSocket.next('conversation_message', (m) => m.message.body === 'Yes.');
      expect(strangerSocket.received.filter((m) => m.type === 'conversation_message')).toEqual([]);
    } finally {
      await doctorSocket.close();
      await strangerSocket.close();
    }
  });

  it('rings the bell and mails who wrote, never what, once per unread run; a message read in time brings none', async () => {
    const p = await person('patient', 'Nora', 'Nightly');
    await visit(p, doctor, 'completed');
    const id = (await open(p, { doctorId: doctor.doctorId })).json().id;
    const secret = 'My biopsy result came back positive';
    expect((await send(p, id, secret)).statusCode).toBe(201);
    expect((await send(p, id, 'and one more thing')).statusCode).toBe(201);
    const bells = () =>
      t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, doctor.id), eq(notifications.type, 'message_unread')));
    const before = (await bells()).length;
    clock.advance(UNREAD_NOTICE_AFTER_MS - 60_000);
    await t.app.jobWorker.runDue();
    expect(await bells()).toHaveLength(before);
    clock.advance(60_000);
    await t.app.jobWorker.runDue();
    await t.app.jobWorker.runDue();
    const rung = (await bells()).slice(before);
    expect(rung).toHaveLength(1);
    expect(rung[0].message).toContain('Nora Nightly');
    expect(JSON.stringify(rung[0])).not.toContain('biopsy');
    const mails = await t.db
      .select()
      .from(emailMessages)
      .where(and(eq(emailMessages.userId, doctor.id), eq(emailMessages.kind, 'message_unread')));
    expect(mails).toHaveLength(1);
    expect(mails[0].textBody).toContain('Nora Nightly');
    expect(mails[0].textBody + mails[0].htmlBody + mails[0].subject).not.toContain('biopsy');

    // Read within ten minutes: no bell.
    expect((await send(p, id, 'Third question')).statusCode).toBe(201);
    await call('GET', `/api/conversations/${id}/messages`, doctor);
    await call('POST', `/api/conversations/${id}/read`, doctor);
    clock.advance(UNREAD_NOTICE_AFTER_MS);
    await t.app.jobWorker.runDue();
    await t.app.jobWorker.runDue();
    expect(await bells()).toHaveLength(before + 1);
  });
});

describe('closing, the reply promise and the rate limit', () => {
  it('the doctor closes; the patient can write again only after booking a new visit', async () => {
    const p = await person('patient', 'Clara', 'Closed');
    await visit(p, doctor, 'completed');
    const id = (await open(p, { doctorId: doctor.doctorId })).json().id;
    expect((await call('POST', `/api/conversations/${id}/close`, p)).statusCode).toBe(403);
    const closed = await call('POST', `/api/conversations/${id}/close`, doctor);
    expect(closed.json()).toMatchObject({ status: 'closed' });
    expect((await send(p, id, 'hello?')).statusCode).toBe(409);
    expect((await send(doctor, id, 'hello?')).statusCode).toBe(409);
    expect((await call('POST', `/api/conversations/${id}/reopen`, p)).statusCode).toBe(409);
    expect((await open(p, { doctorId: doctor.doctorId })).json().status).toBe('closed');
    // A new visit booked after the closing opens it again.
    await createAppointment(t.db, {
      patientId: p.id,
      doctorId: doctor.doctorId,
      startsAt: new Date(clock.now().getTime() + 7 * 86_400_000),
      status: 'confirmed',
      createdAt: new Date(clock.now().getTime() + 1_000),
    });
    expect((await open(p, { doctorId: doctor.doctorId })).json().status).toBe('open');
    expect((await send(p, id, 'Booked again.')).statusCode).toBe(201);
    // The doctor may reopen at any time.
    await call('POST', `/api/conversations/${id}/close`, doctor);
    expect((await call('POST', `/api/conversations/${id}/reopen`, doctor)).json().status).toBe('open');
  });

  it("shows the doctor's reply-time promise in the patient's list", async () => {
    expect((await call('PUT', '/api/doctor/reply-promise', doctor, { replyWithinDays: 0 })).statusCode).toBe(400);
    expect((await call('PUT', '/api/doctor/reply-promise', doctor, { replyWithinDays: 11 })).statusCode).toBe(400);
    expect((await call('PUT', '/api/doctor/reply-promise', patient, { replyWithinDays: 2 })).statusCode).toBe(403);
    expect((await call('PUT', '/api/doctor/reply-promise', doctor, { replyWithinDays: 2 })).json()).toEqual({
      replyWithinDays: 2,
    });
    expect((await call('GET', '/api/conversations', patient)).json()[0].replyWithinDays).toBe(2);
    await call('PUT', '/api/doctor/reply-promise', doctor, { replyWithinDays: null });
    expect((await call('GET', '/api/doctor/reply-promise', doctor)).json()).toEqual({ replyWithinDays: null });
  });

  it('keeps 1,000 messages sent in one minute to the per-sender limit, and other senders unaffected', async () => {
    const p = await person('patient', 'Flo', 'Flood');
    await visit(p, doctor, 'completed');
    const id = (await open(p, { doctorId: doctor.doctorId })).json().id;
    const codes: number[] = [];
    for (let batch = 0; batch < 20; batch++) {
      const replies = await Promise.all(Array.from({ length: 50 }, (_, i) => send(p, id, `spam ${batch * 50 + i}`)));
      codes.push(...replies.map((r) => r.statusCode));
    }
    const perMinute = MESSAGE_RATE_LIMITS[0].max;
    expect(codes.filter((c) => c === 201)).toHaveLength(perMinute);
    expect(codes.filter((c) => c === 429)).toHaveLength(1_000 - perMinute);
    expect(await t.db.select().from(messages).where(eq(messages.conversationId, id))).toHaveLength(perMinute);
    // The doctor still answers.
    expect((await send(doctor, id, 'Please slow down.')).statusCode).toBe(201);
    // A minute later the sender may write again.
    clock.advance(60_000);
    expect((await send(p, id, 'Sorry.')).statusCode).toBe(201);
  }, 120_000);
});

describe("the patient's data", () => {
  it('exports every message and deletes them with the account, unnaming the bells', async () => {
    const p = await createUser(t.db, { userType: 'patient', firstName: 'Gone', lastName: 'Soon', password });
    const who = { id: p.id, cookie: await cookieFor(t.db, p) };
    await visit(who, doctor, 'completed');
    const id = (await open(who, { doctorId: doctor.doctorId })).json().id;
    await send(who, id, 'Keep this in my export');
    await send(doctor, id, 'Noted.');
    const exported = (await call('GET', '/api/patients/me/export', who)).json();
    expect(exported.conversationMessages.map((m: { body: string }) => m.body)).toEqual([
      'Keep this in my export',
      'Noted.',
    ]);
    clock.advance(UNREAD_NOTICE_AFTER_MS);
    await t.app.jobWorker.runDue();
    await t.app.jobWorker.runDue();
    const deleted = await call('POST', '/api/patients/me/delete', who, { password });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await t.db.select().from(conversations).where(eq(conversations.id, id))).toEqual([]);
    expect(await t.db.select().from(messages).where(eq(messages.conversationId, id))).toEqual([]);
    const bells = await t.db.select().from(notifications).where(eq(notifications.userId, doctor.id));
    expect(JSON.stringify(bells)).not.toContain('Gone Soon');
    const mails = await t.db.select().from(emailMessages).where(eq(emailMessages.userId, doctor.id));
    expect(JSON.stringify(mails)).not.toContain('Gone Soon');
  });
});
