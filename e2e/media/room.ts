import { expect, type Browser, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../common/schemas/meta';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';

/**
 * Media specs run only inside a network namespace with loopback alone (npm run test:e2e:media;
 * see the README's testing section), with fake camera and microphone.
 */
export const MEDIA_LAUNCH_OPTIONS = {
  executablePath: CHROMIUM_PATH,
  args: [
    ...CHROMIUM_ARGS,
    '--allow-loopback-in-peer-connection',
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    // Screen sharing takes the whole (fake) screen without showing the picker.
    '--auto-select-desktop-capture-source=Entire screen',
  ],
};

export type Participant = { context: BrowserContext; page: Page; errors: string[] };

/** A signed-in browser context of its own, failing the test on any console error like the fixture does. */
export async function participant(
  browser: Browser,
  testInfo: TestInfo,
  role: 'patient' | 'doctor',
): Promise<Participant> {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    timezoneId: 'UTC',
    locale: 'en-US',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`${role}: ${msg.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${role}: ${error.message}`));
  const account = DEMO_ACCOUNTS.find((a) => a.userType === role)!;
  const res = await page.request.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
  });
  expect(res.status()).toBe(200);
  return { context, page, errors };
}

/** The demo consultation of a kind (the server ensures one at start in demo mode). */
export async function demoConsultationId(page: Page, type: 'video' | 'voice'): Promise<string> {
  const res = await page.request.get(`/api/consultations?type=${type}`);
  const list = (await res.json()) as { appointmentId: string }[];
  expect(list.length).toBeGreaterThan(0);
  return list[0].appointmentId;
}

/** Whether a <video> is really playing frames: it has a size and its clock moves. */
export async function expectVideoPlaying(page: Page, testId: string) {
  const video = page.getByTestId(testId);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 10_000 })
    .toBeGreaterThan(0);
  const before = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(before);
}

/** Milliseconds from `since` until the remote video shows its first frame. */
export async function msToFirstRemoteFrame(page: Page, since: number): Promise<number> {
  await page.getByTestId('remote-video').evaluate(
    (v: HTMLVideoElement) =>
      new Promise<void>((resolve) => {
        const check = () => (v.videoWidth > 0 ? resolve() : requestAnimationFrame(check));
        check();
      }),
  );
  return Date.now() - since;
}

/** The pre-call check stands before every room: Join now goes in at once, whatever it has found. */
export async function joinFromPrecall(page: Page) {
  await expect(page.getByRole('heading', { name: 'Before you join' })).toBeVisible();
  await page.getByRole('button', { name: 'Join now' }).click();
}
