import { expect, test, type Page } from '@playwright/test';
import { demoConsultationId, expectVideoPlaying, joinFromPrecall, MEDIA_LAUNCH_OPTIONS, participant } from './room';

test.use({ launchOptions: MEDIA_LAUNCH_OPTIONS });
test.describe.configure({ mode: 'serial', timeout: 90_000 });

/** The shape of what the patient receives: the camera's and the screen's differ. */
const remoteShape = (page: Page) =>
  page.getByTestId('remote-video').evaluate((v: HTMLVideoElement) => `${v.videoWidth}x${v.videoHeight}`);

test('the doctor shares their screen, the patient sees it whole, and stopping returns to the camera', async ({
  browser,
}, testInfo) => {
  const patient = await participant(browser, testInfo, 'patient');
  const doctor = await participant(browser, testInfo, 'doctor');
  const id = await demoConsultationId(patient.page, 'video');
  await patient.page.goto(`/consultation?appointmentId=${id}`);
  await joinFromPrecall(patient.page);
  await doctor.page.goto(`/consultation/${id}`);
  await joinFromPrecall(doctor.page);
  await expectVideoPlaying(patient.page, 'remote-video');
  const camera = await remoteShape(patient.page);
  // The patient has nothing to share.
  await expect(patient.page.getByRole('button', { name: 'Share your screen' })).toHaveCount(0);

  const bar = doctor.page.getByRole('region', { name: 'Screen sharing' });
  await doctor.page.getByRole('button', { name: 'Share your screen' }).click();
  await expect(bar).toContainText('You are sharing your screen');
  await expect(doctor.page.getByRole('button', { name: 'Stop sharing your screen' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(patient.page.getByText('Dr. Daniel Okafor is sharing their screen')).toBeVisible();
  await expect(patient.page.getByLabel("Dr. Daniel Okafor's screen", { exact: true })).toHaveClass(/object-contain/);
  await expect.poll(() => remoteShape(patient.page), { timeout: 10_000 }).not.toBe(camera);

  await bar.getByRole('button', { name: 'Stop sharing' }).click();
  await expect(bar).toHaveCount(0);
  await expect(patient.page.getByText('is sharing their screen')).toHaveCount(0);
  await expect.poll(() => remoteShape(patient.page), { timeout: 10_000 }).toBe(camera);

  // Again, ended from the browser's own "Stop sharing" (the track's ended event).
  await doctor.page.getByRole('button', { name: 'Share your screen' }).click();
  await expect(bar).toBeVisible();
  await expect.poll(() => remoteShape(patient.page), { timeout: 10_000 }).not.toBe(camera);
  await doctor.page
    .getByTestId('local-video')
    .evaluate((v: HTMLVideoElement) =>
      (v.srcObject as MediaStream).getVideoTracks()[0].dispatchEvent(new Event('ended')),
    );
  await expect(bar).toHaveCount(0);
  await expect(doctor.page.getByRole('button', { name: 'Share your screen' })).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => remoteShape(patient.page), { timeout: 10_000 }).toBe(camera);

  expect([...patient.errors, ...doctor.errors]).toEqual([]);
  await Promise.all([patient.context.close(), doctor.context.close()]);
});
