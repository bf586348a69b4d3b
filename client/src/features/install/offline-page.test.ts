import { describe, expect, it } from 'vitest';
import { testAppointment } from '../../test-support/appointment';
import { nextVisitOf, offlinePageHtml, type OfflineTexts } from './offline-page';

const NOW = new Date('2026-11-20T12:00:00.000Z');
const at = (iso: string, patch: Parameters<typeof testAppointment>[0] = {}) =>
  testAppointment({ id: crypto.randomUUID(), startsAt: iso, ...patch });

describe('the next visit the offline page may name', () => {
  it('is the soonest paid visit not over yet, as its times and the doctor’s name only', () => {
    const visits = [
      at('2026-11-25T09:00:00.000Z', {
        doctor: { ...testAppointment().doctor, user: { firstName: 'Lina', lastName: 'Haddad', profileImageUrl: null } },
      }),
      at('2026-11-21T08:30:00.000Z', { reasonForVisit: 'Chest pain', additionalNotes: 'private note' }),
      at('2026-11-20T11:00:00.000Z'), // over at 11:30
      at('2026-11-20T18:00:00.000Z', { status: 'pending', payment: null }),
      at('2026-11-20T19:00:00.000Z', { status: 'cancelled' }),
    ];
    const next = nextVisitOf(visits, NOW);
    expect(next).toEqual({
      startsAt: '2026-11-21T08:30:00.000Z',
      endsAt: '2026-11-21T09:00:00.000Z',
      doctor: 'Ada Okafor',
    });
    expect(JSON.stringify(next)).not.toMatch(/Chest pain|private note|Sam|Lee/);
  });

  it('counts a visit under way until its length has passed', () => {
    const started = at('2026-11-20T11:45:00.000Z', { durationMinutes: 20 });
    expect(nextVisitOf([started], NOW)?.endsAt).toBe('2026-11-20T12:05:00.000Z');
    expect(nextVisitOf([started], new Date('2026-11-20T12:05:00.000Z'))).toBeNull();
  });

  it('is none without a paid visit ahead', () => {
    expect(nextVisitOf([], NOW)).toBeNull();
    expect(nextVisitOf([at('2026-11-22T10:00:00.000Z', { status: 'completed' })], NOW)).toBeNull();
  });
});

const texts = (patch: Partial<OfflineTexts> = {}): OfflineTexts => ({
  language: 'en',
  dir: 'ltr',
  title: 'Offline · Medora',
  heading: "You're offline.",
  nextVisit: 'Your next visit: Saturday, November 21, 2026 at 8:30 AM with Dr. Ada Okafor.',
  help: 'Check your connection, then try again.',
  retry: 'Try again',
  ...patch,
});

describe('the offline page', () => {
  it('says the person is offline, names the next visit and offers to try again, without a script', () => {
    const html = offlinePageHtml(texts());
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toContain('<title>Offline · Medora</title>');
    expect(html).toContain('<h1>You&#39;re offline.</h1>');
    expect(html).toContain('Your next visit: Saturday, November 21, 2026 at 8:30 AM with Dr. Ada Okafor.');
    expect(html).toContain('<a href="">Try again</a>');
    // The CSP allows no inline script, and the page needs none: no script, no outside address.
    expect(html).not.toMatch(/<script|\son\w+=|https?:\/\//i);
    // Its icon is inline too: offline, not even /favicon.ico can be fetched.
    expect(html).toContain('<link rel="icon" href="data:image/svg+xml,');
  });

  it('leaves the visit out when there is none, and reads right to left in Arabic', () => {
    const html = offlinePageHtml(
      texts({ language: 'ar', dir: 'rtl', heading: 'أنت غير متصل بالإنترنت.', nextVisit: null }),
    );
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('أنت غير متصل بالإنترنت.');
    expect(html).not.toContain('class="visit"');
  });

  it('escapes what it is given, so a name cannot become markup', () => {
    const html = offlinePageHtml(
      texts({ nextVisit: 'Your next visit: soon with Dr. <img src=x onerror=alert(1)> "&"' }),
    );
    expect(html).toContain('Dr. &lt;img src=x onerror=alert(1)&gt; &quot;&amp;&quot;');
    expect(html).not.toContain('<img');
  });
});
