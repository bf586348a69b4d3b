import { expect, test, type Page } from '@playwright/test';
import { canShapeLoopback, cutMedia, restoreNetwork } from './network';
import { demoConsultationId, expectVideoPlaying, joinFromPrecall, MEDIA_LAUNCH_OPTIONS, participant } from './room';

test.use({ launchOptions: MEDIA_LAUNCH_OPTIONS });
test.describe.configure({ mode: 'serial', timeout: 120_000 });

/** Keeps every RTCPeerConnection the page makes, so the test can see which one carries the call. */
const KEEP_PEER_CONNECTIONS = () => {
  const Native = window.RTCPeerConnection;
  const made: RTCPeerConnection[] = [];
  (window as unknown as { medoraPeerConnections: RTCPeerConnection[] }).medoraPeerConnections = made;
  window.RTCPeerConnection = class extends Native {
    constructor(config?: RTCConfiguration) {
      super(config);
      made.push(this);
    }
  };
};

/** How many connections the page made, and the ICE generation (ufrag) and state of the newest. */
const callLink = (page: Page) =>
  page.evaluate(() => {
    const made = (window as unknown as { medoraPeerConnections: RTCPeerConnection[] }).medoraPeerConnections;
    const pc = made.at(-1)!;
    const ufrag = /a=ice-ufrag:(\S+)/.exec(pc.currentLocalDescription?.sdp ?? '')?.[1];
    return { made: made.length, ufrag, ice: pc.iceConnectionState };
  });

async function say(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
}

// Outside CI a machine without iproute2's `tc` skips this one journey; in CI it must run.
test.skip(!canShapeLoopback() && process.env.CI !== 'true', 'tc (iproute2) is needed to cut the media path');

test('a dropped connection recovers by ICE restart while chat keeps every message', async ({ browser }, testInfo) => {
  const appPort = Number(new URL(testInfo.project.use.baseURL!).port);
  const patient = await participant(browser, testInfo, 'patient');
  const doctor = await participant(browser, testInfo, 'doctor');
  const id = await demoConsultationId(patient.page, 'video');
  await Promise.all([
    patient.context.addInitScript(KEEP_PEER_CONNECTIONS),
    doctor.context.addInitScript(KEEP_PEER_CONNECTIONS),
  ]);
  await patient.page.goto(`/consultation?appointmentId=${id}`);
  await joinFromPrecall(patient.page);
  await doctor.page.goto(`/consultation/${id}`);
  await joinFromPrecall(doctor.page);
  for (const side of [patient, doctor]) await expectVideoPlaying(side.page, 'remote-video');

  // Both see their own connection and the other's, in words.
  for (const side of [patient, doctor]) {
    await expect(side.page.getByTestId('quality-mine')).toHaveText(/You:\s*Good/, { timeout: 15_000 });
    await expect(side.page.getByTestId('quality-theirs')).toHaveText(/Good$/, { timeout: 15_000 });
  }
  const before = await Promise.all([callLink(patient.page), callLink(doctor.page)]);

  // The media path dies; the signalling socket lives.
  cutMedia(appPort);
  const cutAt = Date.now();
  let restoredAt = 0;
  try {
    for (const side of [patient, doctor]) {
      await expect(side.page.getByTestId('reconnecting')).toHaveText('Reconnecting…', { timeout: 20_000 });
    }
    const shownAfter = Date.now() - cutAt;
    await expect(patient.page.getByTestId('call-announcement')).toHaveText('The call dropped. Reconnecting…');
    await say(patient.page, 'Outage message 1 from the patient');
    await say(doctor.page, 'Outage message 2 from the doctor');
    await say(patient.page, 'Outage message 3 from the patient');
    await expect(doctor.page.getByRole('log').getByText('Outage message 3 from the patient')).toBeVisible();
    console.log(`media cut → "Reconnecting…" on both sides: ${shownAfter} ms`);
  } finally {
    restoreNetwork();
    restoredAt = Date.now();
  }

  // Back to normal on the same peer connection (no new call) with a new ICE generation: it was
  // the restart that recovered it, not the old candidate pair coming back to life.
  for (const [i, side] of [patient, doctor].entries()) {
    await expect(side.page.getByTestId('reconnecting')).toHaveCount(0, { timeout: 30_000 });
    await expect(side.page.getByTestId('quality-mine')).toBeVisible({ timeout: 15_000 });
    await expectVideoPlaying(side.page, 'remote-video');
    const after = await callLink(side.page);
    expect(after.made).toBe(before[i].made);
    expect(after.ufrag).toBeTruthy();
    expect(after.ufrag).not.toBe(before[i].ufrag);
    expect(['connected', 'completed']).toContain(after.ice);
  }
  console.log(`media back → both recovered by ICE restart: ${Date.now() - restoredAt} ms`);

  // Every message, once, on both sides, none left waiting.
  await say(doctor.page, 'After the outage from the doctor');
  for (const side of [patient, doctor]) {
    const log = side.page.getByRole('log');
    await expect(log.getByText('After the outage from the doctor')).toHaveCount(1);
    for (const text of [
      'Outage message 1 from the patient',
      'Outage message 2 from the doctor',
      'Outage message 3 from the patient',
    ]) {
      await expect(log.getByText(text, { exact: true })).toHaveCount(1);
    }
    await expect(log.getByText('Sending…')).toHaveCount(0);
  }
  expect([...patient.errors, ...doctor.errors]).toEqual([]);
  await Promise.all([patient.context.close(), doctor.context.close()]);
});
