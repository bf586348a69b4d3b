import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { joinedSocket, paidConsultation, type TestSocket } from '../test-support/realtime-fixtures';
import { createTestApp, type TestContext } from '../test-support/test-app';

let t: TestContext;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `${address.replace('http', 'ws')}/ws`;
});
afterAll(() => t.close());

const closed = (socket: TestSocket, timeoutMs = 10_000) =>
  new Promise<number>((resolve, reject) => {
    if (socket.ws.readyState === socket.ws.CLOSED) return resolve(-1);
    const timer = setTimeout(() => reject(new Error('socket stayed open')), timeoutMs);
    socket.ws.once('close', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });

describe('a socket lives no longer than its session and its appointment', () => {
  it('is closed when its user signs out', async () => {
    const c = await paidConsultation(t.db, { startsAt: new Date(Date.now() + 3 * 86_400_000) });
    const { socket } = await joinedSocket(url, c.patientCookie, c.id);
    const whenClosed = closed(socket, 3_000);
    const logout = await t.app.inject({ url: '/api/logout', headers: { cookie: c.patientCookie } });
    expect(logout.statusCode).toBe(302);
    expect(await whenClosed).toBe(4401);
  });

  it('is closed when its account is deactivated', async () => {
    const c = await paidConsultation(t.db, { startsAt: new Date(Date.now() + 3 * 86_400_000) });
    const { socket } = await joinedSocket(url, c.patientCookie, c.id);
    const whenClosed = closed(socket);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, c.patient.id));
    expect(await whenClosed).toBe(4401);
  }, 15_000);

  it('leaves and refuses the room once the appointment is cancelled', async () => {
    const c = await paidConsultation(t.db, { startsAt: new Date(Date.now() + 3 * 86_400_000) });
    const patient = await joinedSocket(url, c.patientCookie, c.id);
    const doctor = await joinedSocket(url, c.doctorCookie, c.id);
    const cancel = await t.app.inject({
      method: 'PATCH',
      url: `/api/appointments/${c.id}`,
      headers: { cookie: c.patientCookie },
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode).toBe(200);
    expect((await doctor.socket.next('error', (m) => m.code === 'ended')).consultationId).toBe(c.id);
    doctor.socket.send({ type: 'send_message', consultationId: c.id, message: 'still here?' });
    expect((await doctor.socket.next('error')).code).toMatch(/not_joined|ended/);
    patient.socket.send({ type: 'join_consultation', consultationId: c.id });
    expect((await patient.socket.next('error', (m) => m.code === 'not_found')).consultationId).toBe(c.id);
    await patient.socket.close();
    await doctor.socket.close();
  });
});
