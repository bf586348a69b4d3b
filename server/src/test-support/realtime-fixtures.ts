import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { platformCommission } from '@common/constants/platform';
import type { ServerMessage } from '@common/schemas/realtime';
import type { Db } from '../db/client';
import { createAppointment, createDoctor, createPayment, createUser } from '../db/factories';
import { earnings } from '../db/schema';
import { cookieFor } from './test-app';

/** A confirmed, paid appointment (as booking + payment leave it) with both participants signed in. */
export async function paidConsultation(
  db: Db,
  opts: { startsAt?: Date; consultationType?: 'video' | 'voice'; paid?: boolean } = {},
) {
  const patient = await createUser(db, {
    userType: 'patient',
    firstName: 'Pat',
    lastName: `Ient${randomUUID().slice(0, 4)}`,
  });
  const { user: doctorUser, doctor } = await createDoctor(db);
  const appointment = await createAppointment(db, {
    patientId: patient.id,
    doctorId: doctor.id,
    startsAt: opts.startsAt ?? new Date(Date.now() + 5 * 60_000),
    consultationType: opts.consultationType ?? 'video',
    status: 'confirmed',
  });
  if (opts.paid !== false) {
    const payment = await createPayment(db, {
      appointmentId: appointment.id,
      patientId: patient.id,
      purpose: 'appointment',
      amount: appointment.fee,
      status: 'succeeded',
    });
    const commission = platformCommission(appointment.fee);
    await db.insert(earnings).values({
      doctorId: doctor.id,
      appointmentId: appointment.id,
      paymentId: payment.id,
      grossAmount: appointment.fee,
      platformCommission: commission,
      netEarnings: appointment.fee - commission,
      status: 'pending',
    });
  }
  return {
    id: appointment.id,
    appointment,
    patient,
    doctorUser,
    doctor,
    patientCookie: await cookieFor(db, patient),
    doctorCookie: await cookieFor(db, doctorUser),
  };
}

/** A test socket that records every server frame and can wait for one. */
export type TestSocket = {
  ws: WebSocket;
  received: ServerMessage[];
  send: (msg: Record<string, unknown>) => void;
  next: <T extends ServerMessage['type']>(
    type: T,
    match?: (m: Extract<ServerMessage, { type: T }>) => boolean,
    timeoutMs?: number,
  ) => Promise<Extract<ServerMessage, { type: T }>>;
  close: () => Promise<void>;
};

export function openSocket(url: string, cookie?: string, headers: Record<string, string> = {}): Promise<TestSocket> {
  const ws = new WebSocket(url, { headers: { ...(cookie ? { cookie } : {}), ...headers } });
  const received: ServerMessage[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (raw) => {
    received.push(JSON.parse(raw.toString()) as ServerMessage);
    for (const wake of waiters) wake();
  });
  const socket: TestSocket = {
    ws,
    received,
    send: (msg) => ws.send(JSON.stringify(msg)),
    next: (type, match, timeoutMs = 5000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          for (let i = 0; i < received.length; i++) {
            const m = received[i];
            if (m.type === type && (!match || match(m as never))) {
              waiters.delete(check);
              clearTimeout(timer);
              resolve(m as never);
              received.splice(i, 1); // consumed, so the next wait finds the next one
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out waiting for ${type}; got ${JSON.stringify(received.map((m) => m.type))}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    close: () =>
      new Promise((resolve) => {
        if (ws.readyState === ws.CLOSED) return resolve();
        ws.once('close', () => resolve());
        ws.close();
      }),
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(socket));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

/** Opens a socket and joins; resolves after the history frame. */
export async function joinedSocket(url: string, cookie: string, consultationId: string, lastMessageId?: number) {
  const socket = await openSocket(url, cookie);
  socket.send({ type: 'join_consultation', consultationId, lastMessageId });
  await socket.next('joined');
  const history = await socket.next('history');
  return { socket, history: history.messages };
}
