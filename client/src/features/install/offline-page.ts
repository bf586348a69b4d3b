import { SLOT_MINUTES } from '@common/rules/slots';
import type { Appointment } from '@common/schemas/appointments';
import { isJoinableStatus } from '../../lib/appointment-status';

/**
 * What the offline page may say about the person (decision 085): when their next paid visit starts
 * and ends, and with which doctor. Nothing else of the appointment (reason, notes, the family
 * member, the fee) is ever read here, so nothing else can reach the device's cache.
 */
/** `doctor` is the name alone ("Amara Okafor"); the catalogue adds the title in each language. */
export type NextVisit = { startsAt: string; endsAt: string; doctor: string };

type Visit = Pick<Appointment, 'status' | 'startsAt' | 'durationMinutes' | 'doctor'>;

/** The soonest paid visit that has not ended by `now`, or null. */
export function nextVisitOf(appointments: readonly Visit[], now: Date): NextVisit | null {
  const ahead = appointments
    .filter((a) => isJoinableStatus(a.status))
    .map((a) => {
      const start = Date.parse(a.startsAt);
      return { a, start, end: start + (a.durationMinutes ?? SLOT_MINUTES) * 60_000 };
    })
    .filter((v) => Number.isFinite(v.start) && v.end > now.getTime())
    .sort((x, y) => x.start - y.start);
  const first = ahead[0];
  if (!first) return null;
  return {
    startsAt: new Date(first.start).toISOString(),
    endsAt: new Date(first.end).toISOString(),
    doctor: `${first.a.doctor.user.firstName} ${first.a.doctor.user.lastName}`,
  };
}

export type OfflineTexts = {
  language: string;
  dir: 'ltr' | 'rtl';
  title: string;
  heading: string;
  /** "Your next visit: …", already worded and formatted; null when there is none to tell. */
  nextVisit: string | null;
  help: string;
  retry: string;
};

// The app's mark (client/public/icons/icon.svg), inline: offline, not even the favicon can be fetched.
const MARK =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" rx="112" fill="#0e7490"/><path d="M208 112h96v96h96v96h-96v96h-96v-96h-96v-96h96z" fill="#fff"/></svg>';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * The whole offline page: one HTML document with its style inline and no script, so it shows with
 * nothing else reachable (the CSP allows inline styles; it never needs a script). "Try again" is a
 * link to the page itself: the worker serves this page at whatever address failed to load.
 */
export function offlinePageHtml(t: OfflineTexts): string {
  const e = escapeHtml;
  const visit = t.nextVisit ? `<p class="visit">${e(t.nextVisit)}</p>` : '';
  return `<!doctype html>
<html lang="${e(t.language)}" dir="${t.dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#0e7490">
<link rel="icon" href="data:image/svg+xml,${encodeURIComponent(MARK)}">
<title>${e(t.title)}</title>
<style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f8fafc;color:#0f172a;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:28rem;margin:1.5rem;padding:2rem;background:#fff;border:1px solid #e2e8f0;border-radius:1rem;text-align:center}
h1{font-size:1.5rem;margin:1rem 0 .5rem}
.visit{font-weight:600;margin:1rem 0;padding:.75rem 1rem;background:#ecfeff;border-radius:.75rem}
a{display:inline-block;margin-top:.5rem;padding:.6rem 1.25rem;border-radius:.5rem;background:#0e7490;color:#fff;text-decoration:none;font-weight:600}
a:focus-visible{outline:2px solid #0891b2;outline-offset:2px}
</style>
</head>
<body>
<main>
${MARK.replace(' xmlns="http://www.w3.org/2000/svg"', ' width="56" height="56" aria-hidden="true"')}
<h1>${e(t.heading)}</h1>
${visit}
<p>${e(t.help)}</p>
<a href="">${e(t.retry)}</a>
</main>
</body>
</html>
`;
}
