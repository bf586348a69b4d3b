import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOM_OVERRUN_MINUTES } from '@common/rules/join-window';
import { fixedClock } from '../../core/clock';
import { appointments, consultations, earnings, jobs } from '../../db/schema';
import { joinedSocket, paidConsultation } from '../../test-support/realtime-fixtures';
import { createTestApp, type TestContext } from '../../test-support/test-app';

const STUN = { urls: 'stun:stun.example.org:3478' };
const MIN = 60_000;
const clock = fixedClock(new Date());
let t: TestContext;
let url: string;
beforeAll(async () => {
  t = await createTestApp(
    {
      ICE_SERVERS: JSON.stringify([STUN]),
      TURN_URLS: 'turn:turn.example.org:3478?transport=udp',
      TURN_SECRET: 'turn-secret-under-test-7f3a9c2e51',
    },
    { clock },
  );
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `${address.replace('http', 'ws')}/ws`;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', path: string, cookie: string) =>
  t.app.inject({ method, url: path, headers: { cookie } });
const statusOf = async (id: string) =>
  (await t.db.select().from(consultations).where(eq(consultations.appointmentId, id)))[0];
type Ice = { urls: string | string[]; username?: string };
const hasTurn = (iceServers: Ice[]) => iceServers.some((s) => [s.urls].flat().some((u) => u.startsWith('turn')));

/** A paid video visit starting 5 minutes from the clock's now, started by its doctor. */
async function startedVisit() {
  const c = await paidConsultation(t.db, { startsAt: new Date(clock.now().getTime() + 5 * MIN) });
  const started = await call('POST', `/api/consultations/${c.id}/start`, c.doctorCookie);
  expect(started.statusCode, started.body).toBe(200);
  const visitEnd = c.appointment.startsAt.getTime() + c.appointment.durationMinutes * MIN;
  return { ...c, visitEnd };
}

describe('a consultation nobody ended', () => {
  it(`is ended by the scheduled job ${ROOM_OVERRUN_MINUTES} minutes after the visit, as End Call ends it`, async () => {
    await t.db.delete(jobs);
    clock.set(new Date());
    const c = await startedVisit();
    const patient = await joinedSocket(url, c.patientCookie, c.id);
    const doctor = await joinedSocket(url, c.doctorCookie, c.id);
    await t.app.jobWorker.ensureScheduled();
    const [scheduled] = await t.db.select().from(jobs).where(eq(jobs.kind, 'consultation_end'));
    expect(scheduled).toMatchObject({ status: 'queued' });

    // A call running long is left alone.
    clock.set(new Date(c.visitEnd + (ROOM_OVERRUN_MINUTES - 1) * MIN));
    await t.app.jobWorker.runDue();
    expect((await statusOf(c.id)).status).toBe('active');
    const [next] = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.kind, 'consultation_end'))
      .orderBy(jobs.id)
      .then((rows) => rows.filter((r) => r.status === 'queued'));
    expect(next.runAt.getTime()).toBeGreaterThan(clock.now().getTime());

    clock.set(new Date(next.runAt.getTime()));
    await t.app.jobWorker.runDue();
    const ended = await statusOf(c.id);
    expect(ended.status).toBe('ended');
    expect(ended.endedAt?.getTime()).toBe(clock.now().getTime());
    // The same side effects as End Call: the appointment completes through its command, the
    // earning follows the time both spent in the room, and both sockets are told.
    const [appointment] = await t.db.select().from(appointments).where(eq(appointments.id, c.id));
    expect(appointment.status).toBe('completed');
    const [earning] = await t.db.select().from(earnings).where(eq(earnings.appointmentId, c.id));
    expect(earning.status).toBe('available');
    const endedAt = clock.now().toISOString();
    expect(await patient.socket.next('consultation_ended')).toMatchObject({ consultationId: c.id, endedAt });
    expect(await doctor.socket.next('consultation_ended')).toMatchObject({ consultationId: c.id, endedAt });
    // Ending it again by hand is the usual conflict, not a second completion.
    expect((await call('POST', `/api/consultations/${c.id}/end`, c.patientCookie)).statusCode).toBe(409);
    await Promise.all([patient.socket.close(), doctor.socket.close()]);
  });

  it('leaves a consultation already ended by End Call, and a waiting one, as they are', async () => {
    await t.db.delete(jobs);
    clock.set(new Date());
    const endedByHand = await startedVisit();
    expect((await call('POST', `/api/consultations/${endedByHand.id}/end`, endedByHand.doctorCookie)).statusCode).toBe(
      200,
    );
    const before = await statusOf(endedByHand.id);
    const waiting = await paidConsultation(t.db, { startsAt: new Date(clock.now().getTime() + 5 * MIN) });
    await call('GET', `/api/consultations/${waiting.id}`, waiting.patientCookie);
    await t.app.jobWorker.ensureScheduled();
    clock.set(new Date(endedByHand.visitEnd + 2 * ROOM_OVERRUN_MINUTES * MIN));
    await t.app.jobWorker.runDue();
    expect(await statusOf(endedByHand.id)).toEqual(before);
    expect((await statusOf(waiting.id)).status).toBe('waiting');
  });
});

describe('TURN credentials after the visit', () => {
  it(`are minted until ${ROOM_OVERRUN_MINUTES} minutes after the visit's end, then refused with a reason`, async () => {
    clock.set(new Date());
    const c = await startedVisit();
    const refresh = () => call('GET', `/api/consultations/${c.id}/ice-servers`, c.patientCookie);

    clock.set(new Date(c.visitEnd + (ROOM_OVERRUN_MINUTES - 1) * MIN));
    const late = await refresh();
    expect(late.statusCode).toBe(200);
    expect(hasTurn(late.json().iceServers)).toBe(true);

    // Still active (the job has not run), but the visit can no longer run: no credential.
    clock.set(new Date(c.visitEnd + ROOM_OVERRUN_MINUTES * MIN));
    expect((await statusOf(c.id)).status).toBe('active');
    const refused = await refresh();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This visit has ended; the call relay is closed.');
    expect(refused.body).not.toMatch(/turn:|credential|username/);
    const room = await call('GET', `/api/consultations/${c.id}`, c.doctorCookie);
    expect(room.statusCode).toBe(200);
    expect(room.json().iceServers).toEqual([STUN]);

    clock.set(new Date(c.visitEnd + 48 * 60 * MIN));
    expect((await call('GET', `/api/consultations/${c.id}/ice-servers`, c.doctorCookie)).statusCode).toBe(409);
  });
});
