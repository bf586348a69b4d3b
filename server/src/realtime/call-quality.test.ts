import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('call quality and media state over /ws', () => {
  it('a stranger cannot report quality into a room; a forged level is refused and goes nowhere', async () => {
    const c = await paidConsultation(t.db);
    const doctor = await joinedSocket(url, c.doctorCookie, c.id);
    const stranger = await signedInUser(t.db, { userType: 'patient' });
    const outsider = await openSocket(url, stranger.cookie);
    outsider.send({ type: 'call_quality', consultationId: c.id, level: 'poor' });
    expect(await outsider.next('error')).toMatchObject({ code: 'not_joined' });

    const patient = await joinedSocket(url, c.patientCookie, c.id);
    for (const level of ['excellent', '', 'poor\u0000', 3, null]) {
      patient.socket.send({ type: 'call_quality', consultationId: c.id, level } as never);
      expect(await patient.socket.next('error')).toMatchObject({ code: 'bad_message' });
    }
    patient.socket.send({
      type: 'media_state',
      consultationId: c.id,
      video: true,
      audio: true,
      voiceOnly: 'yes',
    } as never);
    expect(await patient.socket.next('error')).toMatchObject({ code: 'bad_message' });
    // Nothing of the above reached the doctor: the next frame there is the valid one.
    patient.socket.send({ type: 'call_quality', consultationId: c.id, level: 'weak' });
    expect(await doctor.socket.next('call_quality')).toMatchObject({ level: 'weak', from: c.patient.id });
    expect(doctor.socket.received.filter((m) => m.type === 'call_quality' || m.type === 'media_state')).toEqual([]);
    await Promise.all([patient.socket.close(), doctor.socket.close(), outsider.close()]);
  });

  it('relays a report and voice-only / screen state to the other participant only', async () => {
    const c = await paidConsultation(t.db);
    const patient = await joinedSocket(url, c.patientCookie, c.id);
    const doctor = await joinedSocket(url, c.doctorCookie, c.id);
    doctor.socket.send({ type: 'call_quality', consultationId: c.id, level: 'good' });
    expect(await patient.socket.next('call_quality')).toEqual({
      type: 'call_quality',
      consultationId: c.id,
      level: 'good',
      from: c.doctorUser.id,
    });
    doctor.socket.send({
      type: 'media_state',
      consultationId: c.id,
      video: true,
      audio: true,
      voiceOnly: false,
      screen: true,
    });
    expect(await patient.socket.next('media_state')).toMatchObject({ screen: true, voiceOnly: false });
    expect(doctor.socket.received.some((m) => m.type === 'call_quality' || m.type === 'media_state')).toBe(false);
    await Promise.all([patient.socket.close(), doctor.socket.close()]);
  });

  it('drops a flood of reports without an error, and signalling still flows', async () => {
    const c = await paidConsultation(t.db);
    const patient = await joinedSocket(url, c.patientCookie, c.id);
    const doctor = await joinedSocket(url, c.doctorCookie, c.id);
    for (let i = 0; i < 30; i++) patient.socket.send({ type: 'call_quality', consultationId: c.id, level: 'poor' });
    // Frames of one socket are handled in order: once this answer arrives, every report was handled.
    patient.socket.send({ type: 'webrtc_answer', consultationId: c.id, session: 's1', sdp: 'v=0 fake' });
    await doctor.socket.next('webrtc_answer');
    const relayed = doctor.socket.received.filter((m) => m.type === 'call_quality').length;
    expect(relayed).toBeGreaterThanOrEqual(3);
    expect(relayed).toBeLessThan(30);
    expect(patient.socket.received.filter((m) => m.type === 'error')).toEqual([]);
    await Promise.all([patient.socket.close(), doctor.socket.close()]);
  });
});
