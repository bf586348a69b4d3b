import { expect, test } from '@playwright/test';
import {
  demoConsultationId,
  expectVideoPlaying,
  joinFromPrecall,
  MEDIA_LAUNCH_OPTIONS,
  msToFirstRemoteFrame,
  participant,
} from './room';

test.use({ launchOptions: MEDIA_LAUNCH_OPTIONS });
test.describe.configure({ mode: 'serial', timeout: 60_000 });

test('video consultation: both join, the doctor starts, both see each other, chat both ways, the patient ends', async ({
  browser,
}, testInfo) => {
  const patient = await participant(browser, testInfo, 'patient');
  const doctor = await participant(browser, testInfo, 'doctor');
  const id = await demoConsultationId(patient.page, 'video');

  // The patient joins from the list and waits, seeing that the doctor is not there yet.
  await patient.page.goto('/video-consultations');
  await expect(patient.page.getByRole('heading', { name: 'Video Consultations' })).toBeVisible();
  await patient.page.locator(`a[href="/consultation?appointmentId=${id}"]`).click();
  await joinFromPrecall(patient.page);
  await expect(patient.page.getByRole('heading', { name: 'Video Consultation' })).toBeVisible();
  await expect(patient.page.getByTestId('consultation-status')).toHaveText('Waiting');
  await expect(patient.page.getByTestId('presence')).toHaveText(/has not joined yet/);
  await expect(patient.page.getByTestId('chat-connection')).toHaveText('Connected');
  await expect(patient.page.getByText('You', { exact: true })).toBeVisible();
  await expect(patient.page.getByRole('heading', { name: 'Doctor Information' })).toBeVisible();

  await doctor.page.goto(`/consultation/${id}`);
  await joinFromPrecall(doctor.page);
  await expect(doctor.page.getByTestId('chat-connection')).toHaveText('Connected');
  const bothJoined = Date.now();
  const [patientMs, doctorMs] = await Promise.all([
    msToFirstRemoteFrame(patient.page, bothJoined),
    msToFirstRemoteFrame(doctor.page, bothJoined),
  ]);
  console.log(`video: both joined → first remote frame: patient ${patientMs} ms, doctor ${doctorMs} ms`);
  await expect(doctor.page.getByRole('heading', { name: 'Patient Information' })).toBeVisible();
  await expect(patient.page.getByRole('button', { name: 'Start Consultation' })).toHaveCount(0);

  await doctor.page.getByRole('button', { name: 'Start Consultation' }).click();
  for (const side of [patient, doctor]) {
    await expect(side.page.getByTestId('consultation-status')).toHaveText('In Progress');
    await expect(side.page.getByRole('timer')).toHaveText(/\d{2}:\d{2}/);
    await expect(side.page.getByText('Consultation Started', { exact: true })).toBeVisible();
    await expectVideoPlaying(side.page, 'remote-video');
  }

  // Chat both ways; Enter sends.
  await patient.page.getByRole('textbox', { name: 'Message' }).fill('Hello doctor, I can see you.');
  await patient.page.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(doctor.page.getByRole('log').getByText('Hello doctor, I can see you.')).toBeVisible();
  await doctor.page.getByRole('textbox', { name: 'Message' }).fill('Hello! I can see you too.');
  await doctor.page.getByRole('button', { name: 'Send message' }).click();
  await expect(patient.page.getByRole('log').getByText('Hello! I can see you too.')).toBeVisible();

  // The camera toggle mutes the track; the other side shows the overlay.
  await patient.page.getByRole('button', { name: 'Turn camera off' }).click();
  await expect(doctor.page.getByTestId('video-pane').getByText('Video is turned off')).toBeVisible();
  await patient.page.getByRole('button', { name: 'Turn camera on' }).click();
  await expect(doctor.page.getByTestId('video-pane').getByText('Video is turned off')).toHaveCount(0);

  // End Call asks first: Cancel keeps the call, End Call in the dialog ends it for both.
  await patient.page.getByRole('button', { name: 'End Call' }).click();
  const ask = patient.page.getByRole('dialog', { name: 'End the visit for both of you?' });
  await expect(ask).toContainText('Dr. ');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(patient.page.getByTestId('consultation-status')).toHaveText('In Progress');
  await patient.page.getByRole('button', { name: 'End Call' }).click();
  await ask.getByRole('button', { name: 'End Call' }).click();
  // Both see the end; two seconds later the patient is on My Appointments, the doctor on the visit's notes.
  await Promise.all(
    [patient, doctor].map((side) => expect(side.page.getByTestId('consultation-status')).toHaveText('Ended')),
  );
  await expect(patient.page).toHaveURL(/\/appointments$/, { timeout: 5000 });
  await expect(doctor.page).toHaveURL(/\/visit-notes\/[0-9a-f-]{36}$/, { timeout: 5000 });
  expect([...patient.errors, ...doctor.errors]).toEqual([]);
  await Promise.all([patient.context.close(), doctor.context.close()]);
});

test('voice consultation: microphone only, connected both ways, the doctor ends', async ({ browser }, testInfo) => {
  const patient = await participant(browser, testInfo, 'patient');
  const doctor = await participant(browser, testInfo, 'doctor');
  const id = await demoConsultationId(patient.page, 'voice');

  await patient.page.goto(`/consultation?appointmentId=${id}`);
  await joinFromPrecall(patient.page);
  await expect(patient.page.getByRole('heading', { name: 'Voice Consultation' })).toBeVisible();
  await expect(patient.page.getByRole('button', { name: 'Turn camera off' })).toHaveCount(0);
  await doctor.page.goto(`/consultation/${id}`);
  await joinFromPrecall(doctor.page);
  await expect(patient.page.getByText('Connected with the doctor')).toBeVisible({ timeout: 10_000 });
  await expect(doctor.page.getByText('Connected with the patient')).toBeVisible();
  for (const side of [patient, doctor]) {
    const audio = side.page.getByTestId('remote-audio');
    await expect
      .poll(() =>
        audio.evaluate((a: HTMLAudioElement) => (a.srcObject as MediaStream | null)?.getAudioTracks().length ?? 0),
      )
      .toBe(1);
    await expect
      .poll(() => audio.evaluate((a: HTMLAudioElement) => (a.srcObject as MediaStream).getVideoTracks().length))
      .toBe(0);
    const before = await audio.evaluate((a: HTMLAudioElement) => a.currentTime);
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThan(before);
  }

  await doctor.page.getByRole('button', { name: 'Start Consultation' }).click();
  await expect(patient.page.getByTestId('consultation-status')).toHaveText('In Progress');
  await patient.page.getByRole('button', { name: 'Mute microphone' }).click();
  await expect(patient.page.getByRole('button', { name: 'Unmute microphone' })).toHaveAttribute('aria-pressed', 'true');
  await doctor.page.getByRole('textbox', { name: 'Message' }).fill('Can you hear me?');
  await doctor.page.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(patient.page.getByRole('log').getByText('Can you hear me?')).toBeVisible();

  await doctor.page.getByRole('button', { name: 'End Call' }).click();
  await doctor.page
    .getByRole('dialog', { name: 'End the visit for both of you?' })
    .getByRole('button', { name: 'End Call' })
    .click();
  await expect(patient.page).toHaveURL(/\/appointments$/, { timeout: 5000 });
  await expect(doctor.page).toHaveURL(/\/visit-notes\/[0-9a-f-]{36}$/, { timeout: 5000 });
  expect([...patient.errors, ...doctor.errors]).toEqual([]);
  await Promise.all([patient.context.close(), doctor.context.close()]);
});
