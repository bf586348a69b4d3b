import type { ClientMessageKey } from '@common/i18n/keys';

export type BrowserFamily = 'edge' | 'chrome' | 'firefox' | 'safari' | 'other';

/** Edge and Chrome both say "Chrome", and Chrome says "Safari": the more specific names go first. */
export function browserFamily(userAgent: string): BrowserFamily {
  if (/\bEdg(e|A|iOS)?\//.test(userAgent)) return 'edge';
  if (/\bFirefox\/|\bFxiOS\//.test(userAgent)) return 'firefox';
  // Headless and embedded builds call themselves HeadlessChrome/…: no word boundary before Chrome.
  if (/Chrome\/|CriOS\/|Chromium\//.test(userAgent)) return 'chrome';
  if (/\bSafari\//.test(userAgent) && /\bVersion\//.test(userAgent)) return 'safari';
  return 'other';
}

/** Brand names stay as they are in every language; any other browser is "your browser", in words. */
export const BROWSER_NAMES: Record<BrowserFamily, string | null> = {
  edge: 'Microsoft Edge',
  chrome: 'Google Chrome',
  firefox: 'Firefox',
  safari: 'Safari',
  other: null,
};

/** Short steps to let this site use the camera and microphone again, in the browser's own words (keys). */
export const ALLOW_CAMERA_STEPS: Record<BrowserFamily, ClientMessageKey[]> = {
  chrome: ['precall.steps.chrome.1', 'precall.steps.allow', 'precall.steps.checkAgain'],
  edge: ['precall.steps.edge.1', 'precall.steps.allow', 'precall.steps.checkAgain'],
  firefox: ['precall.steps.firefox.1', 'precall.steps.firefox.2', 'precall.steps.firefox.3'],
  safari: ['precall.steps.safari.1', 'precall.steps.allow', 'precall.steps.checkAgain'],
  other: ['precall.steps.other.1', 'precall.steps.other.2', 'precall.steps.checkAgain'],
};
