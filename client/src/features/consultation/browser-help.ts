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

export const BROWSER_NAMES: Record<BrowserFamily, string> = {
  edge: 'Microsoft Edge',
  chrome: 'Google Chrome',
  firefox: 'Firefox',
  safari: 'Safari',
  other: 'your browser',
};

/** Short steps to let this site use the camera and microphone again, in the browser's own words. */
export const ALLOW_CAMERA_STEPS: Record<BrowserFamily, string[]> = {
  chrome: [
    'Click the camera icon or the site settings icon at the left of the address bar.',
    'Set Camera and Microphone to Allow.',
    'Press Check again below.',
  ],
  edge: [
    'Click the lock icon at the left of the address bar, then Permissions for this site.',
    'Set Camera and Microphone to Allow.',
    'Press Check again below.',
  ],
  firefox: [
    'Click the crossed-out camera icon at the left of the address bar.',
    'Remove the Blocked entries for the camera and microphone.',
    'Press Check again below and choose Allow when Firefox asks.',
  ],
  safari: [
    'In the Safari menu, open Settings for This Website (on iPhone: the aA button, then Website Settings).',
    'Set Camera and Microphone to Allow.',
    'Press Check again below.',
  ],
  other: [
    "Open your browser's site settings for this page.",
    'Allow the camera and microphone.',
    'Press Check again below.',
  ],
};
