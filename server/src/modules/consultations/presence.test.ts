import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_JOINT_PRESENCE_MINUTES } from '@common/constants/platform';
import { fixedClock } from '../../core/clock';
import { consultationPresence, earnings } from '../../db/schema';
import { joinedSocket, paidConsultation } from '../../test-support/realtime-fixtures';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { jointPresenceSeconds } from './presence';

const clock = fixedClock(new Date());
let t: TestContext;
let url: string;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `${address.replace('http', 'ws')}/ws`;
});
afterAll(() => t.close());

const MINUTE = 60_000;
const post = (url: string, cookie: string) => t.app.inject({ method: 'POST', url, headers: { cookie } });
const earningOf = async (id: string) =>
  (await t.db.select().from(earnings).where(eq(earnings.appointmentId, id)))[0].status;
/** The presence rows are written by the socket handlers; wait until a close has been recorded. */
const leftRecorded = async (id: string, count: number) => {
  for (let i = 0; i < 100; i++) {
    const rows = await t.db.select().from(consultationPresence).where(eq(consultationPresence.consultationId, id));
    if (rows.filter((r) => r.leftAt).length >= count) return rows;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('presence close not recorded');
};

describe('the earning is released only after doctor and patient were in the room together', () => {
  it('a doctor who starts and ends alone leaves the earning pending', async () => {
    const c = await paidConsultation(t.db, { startsAt: clock.now() });
    const doctor = await joinedSocket(url, c.doctorCookie, c.id);
    expect((await post(`/api/consultations/${c.id}/start`, c.doctorCookie)).statusCode).toBe(200);
    clock.advance(20 * MINUTE);
    expect((await post(`/api/consultations/${c.id}/end`, c.doctorCookie)).statusCode).toBe(200);
    expect(await earningOf(c.id)).toBe('pending');
    await doctor.socket.close();
  });

  it('both in the room long enough makes the earning available', async () => {
    const c = await paidConsultation(t.db, { startsAt: clock.now() });
    const doctor = await joinedSocket(url, c.doctorCookie, c.id);
    const patient = await joinedSocket(url, c.patientCookie, c.id);
    expect((await post(`/api/consultations/${c.id}/start`, c.doctorCookie)).statusCode).toBe(200);
    clock.advance(MIN_JOINT_PRESENCE_MINUTES * MINUTE);
    expect((await post(`/api/consultations/${c.id}/end`, c.patientCookie)).statusCode).toBe(200);
    expect(await earningOf(c.id)).toBe('available');
    await Promise.all([doctor.socket.close(), patient.socket.close()]);
  });

  it('a brief overlap leaves the earning pending, however long each was there alone', async () => {
    const c = await paidConsultation(t.db, { startsAt: clock.now() });
    const doctor = await joinedSocket(url, c.doctorCookie, c.id);
    expect((await post(`/api/consultations/${c.id}/start`, c.doctorCookie)).statusCode).toBe(200);
    clock.advance(10 * MINUTE);
    const patient = await joinedSocket(url, c.patientCookie, c.id);
    clock.advance(MINUTE);
    await doctor.socket.close();
    await leftRecorded(c.id, 1);
    clock.advance(10 * MINUTE);
    expect((await post(`/api/consultations/${c.id}/end`, c.patientCookie)).statusCode).toBe(200);
    expect(await earningOf(c.id)).toBe('pending');
    expect(await jointPresenceSeconds(t.db, c.id, clock.now())).toBe(60);
    await patient.socket.close();
  });

  it('counts a user with two tabs once, and a leave frame ends that socket’s presence', async () => {
    const c = await paidConsultation(t.db, { startsAt: clock.now() });
    const doctor = await joinedSocket(url, c.doctorCookie, c.id);
    const secondTab = await joinedSocket(url, c.doctorCookie, c.id);
    // The second tab takes the room over: the first one's presence ends.
    await leftRecorded(c.id, 1);
    const patient = await joinedSocket(url, c.patientCookie, c.id);
    clock.advance(3 * MINUTE);
    patient.socket.send({ type: 'leave_consultation', consultationId: c.id });
    await leftRecorded(c.id, 2);
    clock.advance(10 * MINUTE);
    expect(await jointPresenceSeconds(t.db, c.id, clock.now())).toBe(3 * 60);
    await Promise.all([doctor.socket.close(), secondTab.socket.close(), patient.socket.close()]);
    const rows = await leftRecorded(c.id, 3);
    expect(rows.map((r) => r.role).sort()).toEqual(['doctor', 'doctor', 'patient']);
  });

  it('refuses to start once the appointment’s slot is over', async () => {
    const c = await paidConsultation(t.db, { startsAt: new Date(clock.now().getTime() - 31 * MINUTE) });
    const late = await post(`/api/consultations/${c.id}/start`, c.doctorCookie);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('The appointment time has passed; the consultation can no longer be started.');
    const inSlot = await paidConsultation(t.db, { startsAt: new Date(clock.now().getTime() - 29 * MINUTE) });
    expect((await post(`/api/consultations/${inSlot.id}/start`, inSlot.doctorCookie)).statusCode).toBe(200);
  });
});
