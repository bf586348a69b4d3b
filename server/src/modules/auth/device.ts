import { isIP } from 'node:net';

/**
 * A person's name for the device behind a user agent: "Firefox on Windows". Only the common
 * browsers and systems; anything else is "Unknown browser" rather than a guess.
 */
export function deviceName(userAgent: string): string {
  if (!userAgent) return 'Unknown device';
  return `${browserOf(userAgent)} on ${systemOf(userAgent)}`;
}

// Order matters: Edge and Opera also say Chrome, Chrome also says Safari.
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS|Chromium|HeadlessChrome)\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
  [/\bcurl\//, 'curl'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const browserOf = (ua: string) => BROWSERS.find(([re]) => re.test(ua))?.[1] ?? 'Unknown browser';
const systemOf = (ua: string) => SYSTEMS.find(([re]) => re.test(ua))?.[1] ?? 'an unknown system';

/**
 * Where a session came from, from nothing but the address text (no location lookups): private
 * and loopback addresses are "Local network"; others keep their network part, the host part masked.
 */
export function approximatePlace(address: string): string {
  const ip = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  const version = isIP(ip);
  if (version === 4) {
    const [a, b] = ip.split('.').map(Number);
    const local =
      a === 10 ||
      a === 127 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254);
    if (local) return 'Local network';
    return `${ip.split('.').slice(0, 3).join('.')}.x`;
  }
  if (version === 6) {
    const lower = ip.toLowerCase();
    if (lower === '::1' || /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower)) return 'Local network';
    return `${lower.split(':').slice(0, 3).join(':')}:…`;
  }
  return 'Unknown place';
}
