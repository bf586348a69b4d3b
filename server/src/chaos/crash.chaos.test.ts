import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { TIME_SLOTS } from '@common/constants/lists';
import type { Db } from '../db/client';
import { appointments, chatMessages, earnings, payments } from '../db/schema';
import { bookableDoctor } from '../test-support/booking-fixtures';
import { openSocket, paidConsultation, type TestSocket } from '../test-support/realtime-fixtures';
import { signedInUser } from '../test-support/test-app';
import { freePort, freshPostgres, postgresUrl, startServer, type ServerProcess } from './server-process';
import { futureDate } from './schema-walk';

/**
 * The real server process on PostgreSQL, under concurrent bookings, card payments and chat, is
 * killed with SIGKILL mid-load and started again on the same database. Whatever it acknowledged
 * must be there, and nothing may be half-done.
 */
if (!postgresUrl) console.log('crash test skipped: no PostgreSQL configured (set TEST_DATABASE_URL to run it)');

const PATIENTS = 16;
const DOCTORS = 4;
const ROOMS = 8;
const LOAD_MS = 4_000;

type Acked = {
  bookings: Set<string>;
  payments: Set<string>;
  messages: Map<string, string>;
  tried: Record<'bookings' | 'payments' | 'messages', number>;
};

async function call(server: ServerProcess, cookie: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${server.base}${url}`, {
    method,
    headers: { cookie, origin: server.base, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}

/** One patient booking slot after slot of one doctor's day and paying each, until told to stop. */
async function bookAndPay(
  server: () => ServerProcess,
  cookie: string,
  doctorId: string,
  day: number,
  acked: Acked,
  stop: () => boolean,
) {
  for (let round = 0; !stop(); round++) {
    for (const time of TIME_SLOTS) {
      if (stop()) return;
      try {
        acked.tried.bookings++;
        const booked = await call(server(), cookie, 'POST', '/api/appointments', {
          doctorId,
          appointmentDate: futureDate(day + round * 8),
          appointmentTime: time,
          consultationType: 'video',
          reasonForVisit: 'Crash test booking',
        });
        if (booked.status !== 201) continue;
        const appointmentId = String(booked.json!.id);
        acked.bookings.add(appointmentId);
        const intent = await call(server(), cookie, 'POST', '/api/payments/create-intent', { appointmentId });
        if (intent.status !== 200) continue;
        await call(server(), cookie, 'POST', '/api/payments/simulated/confirm-card', {
          clientSecret: intent.json!.clientSecret,
          card: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', postcode: '10001' },
        });
        acked.tried.payments++;
        const confirm = await call(server(), cookie, 'POST', '/api/payments/confirm', {
          paymentIntentId: intent.json!.paymentIntentId,
        });
        if (confirm.status === 200) acked.payments.add(appointmentId);
      } catch {
        // the server was killed mid-request: not acknowledged, nothing to expect
      }
    }
  }
}

/** A participant sending a message every `everyMs`; a message counts once the server echoes it back. */
async function chatter(socket: TestSocket, consultationId: string, acked: Acked, stop: () => boolean, everyMs: number) {
  socket.ws.on('message', (raw) => {
    const frame = JSON.parse(raw.toString()) as { type: string; clientMessageId?: string | null };
    if (frame.type === 'message' && frame.clientMessageId) acked.messages.set(frame.clientMessageId, consultationId);
  });
  socket.send({ type: 'join_consultation', consultationId });
  await socket.next('joined').catch(() => undefined);
  while (!stop() && socket.ws.readyState === socket.ws.OPEN) {
    acked.tried.messages++;
    socket.send({
      type: 'send_message',
      consultationId,
      message: `crash test ${randomUUID()}`,
      clientMessageId: randomUUID(),
    });
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

async function halfDone(db: Db) {
  const confirmedUnpaid = await db.execute<{ id: string }>(sql`
    select a.id from appointments a
    where a.status in ('confirmed', 'scheduled', 'completed')
      and (not exists (select 1 from payments p where p.appointment_id = a.id and p.status = 'succeeded')
        or not exists (select 1 from earnings e where e.appointment_id = a.id))`);
  const earningUnpaid = await db.execute<{ id: string }>(sql`
    select e.id from earnings e join appointments a on a.id = e.appointment_id
    where e.status <> 'reversed'
      and (a.status not in ('confirmed', 'scheduled', 'completed')
        or not exists (select 1 from payments p where p.appointment_id = a.id and p.status = 'succeeded'))`);
  const paidPending = await db.execute<{ id: string }>(sql`
    select a.id from appointments a join payments p on p.appointment_id = a.id
    where p.status = 'succeeded' and a.status = 'pending'`);
  const doubleEarning = await db.execute<{ id: string }>(sql`
    select appointment_id as id from earnings group by appointment_id having count(*) > 1`);
  const rows = (r: unknown) => ((r as { rows?: { id: string }[] }).rows ?? (r as { id: string }[])).map((x) => x.id);
  return {
    'confirmed appointment without succeeded payment and earning': rows(confirmedUnpaid),
    'earning without a paid, confirmed appointment': rows(earningUnpaid),
    'succeeded payment on a pending appointment': rows(paidPending),
    'more than one earning per appointment': rows(doubleEarning),
  };
}

describe.skipIf(!postgresUrl)('crash on PostgreSQL', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  it('keeps every acknowledged booking, payment and chat message through a SIGKILL, and nothing half-done', async () => {
    const { url, database, drop } = await freshPostgres();
    cleanups.push(drop);
    const db = database.db;
    const doctors = await Promise.all(Array.from({ length: DOCTORS }, () => bookableDoctor(db)));
    const patients = await Promise.all(
      Array.from({ length: PATIENTS }, () => signedInUser(db, { userType: 'patient' })),
    );
    const rooms = await Promise.all(Array.from({ length: ROOMS }, () => paidConsultation(db)));

    let server = await startServer(url, await freePort());
    cleanups.push(async () => server.child.kill('SIGKILL'));
    const acked: Acked = {
      bookings: new Set(),
      payments: new Set(),
      messages: new Map(),
      tried: { bookings: 0, payments: 0, messages: 0 },
    };
    let stopped = false;
    const stop = () => stopped;

    const sockets = await Promise.all(
      rooms.flatMap((room) => [
        openSocket(server.ws, room.patientCookie, { origin: server.base }),
        openSocket(server.ws, room.doctorCookie, { origin: server.base }),
      ]),
    );
    const started = Date.now();
    const load = [
      ...patients.map((p, i) =>
        bookAndPay(() => server, p.cookie, doctors[i % DOCTORS].doctor.id, 3 + Math.floor(i / DOCTORS), acked, stop),
      ),
      ...sockets.map((socket, i) => chatter(socket, rooms[Math.floor(i / 2)].id, acked, stop, 450)),
    ];

    // Mid-load: past LOAD_MS and once every kind of write has been acknowledged (a slow box gets longer).
    while (
      Date.now() - started < LOAD_MS ||
      (Date.now() - started < 30_000 && (acked.payments.size < 5 || acked.messages.size < 10))
    )
      await new Promise((r) => setTimeout(r, 50));
    const before = { bookings: acked.bookings.size, payments: acked.payments.size, messages: acked.messages.size };
    server.child.kill('SIGKILL');
    await server.exited;
    const killedAfterMs = Date.now() - started;
    stopped = true;
    await Promise.all(load);
    for (const socket of sockets) socket.ws.terminate();

    server = await startServer(url, await freePort());
    const expected = {
      bookings: [...acked.bookings],
      payments: [...acked.payments],
      messages: [...acked.messages.keys()],
    };
    const foundBookings = expected.bookings.length
      ? await db.select({ id: appointments.id }).from(appointments).where(inArray(appointments.id, expected.bookings))
      : [];
    const foundPayments = expected.payments.length
      ? await db
          .select({ id: appointments.id })
          .from(appointments)
          .innerJoin(payments, and(eq(payments.appointmentId, appointments.id), eq(payments.status, 'succeeded')))
          .innerJoin(earnings, eq(earnings.appointmentId, appointments.id))
          .where(and(inArray(appointments.id, expected.payments), eq(appointments.status, 'confirmed')))
      : [];
    const storedMessages = expected.messages.length
      ? await db
          .select({ clientMessageId: chatMessages.clientMessageId })
          .from(chatMessages)
          .where(inArray(chatMessages.clientMessageId, expected.messages))
      : [];
    const broken = await halfDone(db);

    // The restarted server takes new work: one more booking paid, one more message stored.
    const after = patients[0];
    const booking = await call(server, after.cookie, 'POST', '/api/appointments', {
      doctorId: doctors[0].doctor.id,
      appointmentDate: futureDate(40),
      appointmentTime: '09:00 AM',
      consultationType: 'video',
      reasonForVisit: 'After the restart',
    });
    const socket = await openSocket(server.ws, rooms[0].patientCookie, { origin: server.base });
    socket.send({ type: 'join_consultation', consultationId: rooms[0].id });
    await socket.next('joined');
    const clientMessageId = randomUUID();
    socket.send({ type: 'send_message', consultationId: rooms[0].id, message: 'after restart', clientMessageId });
    const echoed = await socket.next('message', (m) => m.clientMessageId === clientMessageId);
    await socket.close();
    server.child.kill('SIGKILL');

    console.log(
      [
        '',
        `Crash test (PostgreSQL): SIGKILL after ${killedAfterMs} ms of load (${PATIENTS} patients booking and paying, ${ROOMS * 2} chat sockets)`,
        `  acknowledged vs found after restart:`,
        `    bookings  ${String(expected.bookings.length).padStart(5)} acknowledged  ${String(foundBookings.length).padStart(5)} found`,
        `    payments  ${String(expected.payments.length).padStart(5)} acknowledged  ${String(foundPayments.length).padStart(5)} found (succeeded, confirmed, with earning)`,
        `    messages  ${String(expected.messages.length).padStart(5)} acknowledged  ${String(new Set(storedMessages.map((m) => m.clientMessageId)).size).padStart(5)} found (${storedMessages.length} rows)`,
        `  sent (acknowledged or not): ${JSON.stringify(acked.tried)}; acknowledged just before the kill: ${JSON.stringify(before)}`,
        `  half-done after restart: ${JSON.stringify(Object.fromEntries(Object.entries(broken).map(([k, v]) => [k, v.length])))}`,
        `  after restart: booking ${booking.status}, message stored as #${echoed.messageId}`,
      ].join('\n'),
    );

    expect(expected.bookings.length, 'the load acknowledged some bookings').toBeGreaterThan(0);
    expect(expected.payments.length, 'the load acknowledged some payments').toBeGreaterThan(0);
    expect(expected.messages.length, 'the load acknowledged some messages').toBeGreaterThan(0);
    expect(foundBookings.length).toBe(expected.bookings.length);
    expect(foundPayments.length).toBe(expected.payments.length);
    expect(storedMessages.length).toBe(expected.messages.length);
    expect(broken).toEqual(Object.fromEntries(Object.keys(broken).map((k) => [k, []])));
    expect(booking.status).toBe(201);
  });
});
