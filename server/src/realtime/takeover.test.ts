import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOM_TAKEN_OVER_CLOSE_CODE } from '@common/schemas/realtime';
import { cookieFor, createTestApp, type TestContext } from '../test-support/test-app';
import { joinedSocket, openSocket, paidConsultation, type TestSocket } from '../test-support/realtime-fixtures';

let t: TestContext;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `${address.replace('http', 'ws')}/ws`;
});
afterAll(() => t.close());

const closeCode = (socket: TestSocket) =>
  new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('socket stayed open')), 5_000);
    socket.ws.once('close', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });

describe('the same user opening the room again takes it over', () => {
  it('replaces the older socket; the other participant talks to the new one and never sees them leave', async () => {
    const c = await paidConsultation(t.db);
    const first = await joinedSocket(url, c.patientCookie, c.id);
    const doctor = await joinedSocket(url, c.doctorCookie, c.id);
    await first.socket.next('peer_joined');

    const firstClosed = closeCode(first.socket);
    const second = await openSocket(url, await cookieFor(t.db, c.patient)); // another device: its own session
    second.send({ type: 'join_consultation', consultationId: c.id });
    const joined = await second.next('joined');
    expect(joined.peers).toEqual([expect.objectContaining({ userId: c.doctorUser.id, role: 'doctor' })]);
    expect(await first.socket.next('replaced')).toEqual({ type: 'replaced', consultationId: c.id });
    expect(await firstClosed).toBe(ROOM_TAKEN_OVER_CLOSE_CODE);
    // The doctor hears of a new socket (and calls it afresh), not of the patient leaving.
    expect((await doctor.socket.next('peer_joined')).peer).toMatchObject({ userId: c.patient.id });

    doctor.socket.send({ type: 'webrtc_offer', consultationId: c.id, session: 's2', sdp: 'v=0' });
    expect(await second.next('webrtc_offer')).toMatchObject({ session: 's2', from: c.doctorUser.id });
    second.send({ type: 'send_message', consultationId: c.id, message: 'Here on my phone now' });
    expect((await doctor.socket.next('message')).message).toBe('Here on my phone now');
    expect(doctor.socket.received.map((m) => m.type)).not.toContain('peer_left');
    expect(first.socket.received.map((m) => m.type)).not.toContain('webrtc_offer');

    // Taking it back ("Use here") replaces the second in turn.
    const secondClosed = closeCode(second);
    const back = await joinedSocket(url, c.patientCookie, c.id);
    expect((await second.next('replaced')).consultationId).toBe(c.id);
    expect(await secondClosed).toBe(ROOM_TAKEN_OVER_CLOSE_CODE);
    back.socket.send({ type: 'send_message', consultationId: c.id, message: 'Back on the laptop' });
    expect((await doctor.socket.next('message')).message).toBe('Back on the laptop');
    expect(doctor.socket.received.map((m) => m.type)).not.toContain('peer_left');

    await back.socket.close();
    expect((await doctor.socket.next('peer_left')).userId).toBe(c.patient.id);
    await doctor.socket.close();
  });

  it('a second join on the same socket replaces nothing and announces nothing', async () => {
    const c = await paidConsultation(t.db);
    const doctor = await joinedSocket(url, c.doctorCookie, c.id);
    const patient = await joinedSocket(url, c.patientCookie, c.id);
    await doctor.socket.next('peer_joined');
    patient.socket.send({ type: 'join_consultation', consultationId: c.id });
    await patient.socket.next('joined');
    patient.socket.send({ type: 'send_message', consultationId: c.id, message: 'Still me' });
    expect((await doctor.socket.next('message')).message).toBe('Still me');
    expect(doctor.socket.received.map((m) => m.type)).not.toContain('peer_joined');
    expect(patient.socket.received.map((m) => m.type)).not.toContain('replaced');
    await Promise.all([patient.socket.close(), doctor.socket.close()]);
  });

  it('a signed-out session cannot take the room over', async () => {
    const c = await paidConsultation(t.db, { startsAt: new Date(Date.now() + 3 * 86_400_000) });
    const laptop = await joinedSocket(url, c.patientCookie, c.id);
    const phoneCookie = await cookieFor(t.db, c.patient);
    const logout = await t.app.inject({ url: '/api/logout', headers: { cookie: phoneCookie } });
    expect(logout.statusCode).toBe(302);
    await expect(openSocket(url, phoneCookie)).rejects.toThrow('upgrade refused: 401');
    laptop.socket.send({ type: 'send_message', consultationId: c.id, message: 'Still here' });
    expect((await laptop.socket.next('message')).message).toBe('Still here');
    expect(laptop.socket.received.map((m) => m.type)).not.toContain('replaced');
    await laptop.socket.close();
  });
});
