import { describe, it, expect } from 'vitest';
import { setViewer } from '../rules/display-time';
import { whenForTests } from './when-for-tests';

const en = whenForTests('en');
const formatRelativeTime = (date: Date | string, now: Date) => en.relative(date, now);

const now = new Date('2025-06-15T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('how long ago, in English', () => {
  it('treats 59 seconds as just now', () => {
    expect(formatRelativeTime(ago(59 * S), now)).toBe('Just now');
  });

  it('switches to minutes at 60 seconds', () => {
    expect(formatRelativeTime(ago(60 * S), now)).toBe('1m ago');
  });

  it('shows 59 minutes as minutes', () => {
    expect(formatRelativeTime(ago(59 * M), now)).toBe('59m ago');
  });

  it('switches to hours at 60 minutes', () => {
    expect(formatRelativeTime(ago(60 * M), now)).toBe('1h ago');
  });

  it('shows 23 h 59 m as 23 hours', () => {
    expect(formatRelativeTime(ago(23 * H + 59 * M), now)).toBe('23h ago');
  });

  it('switches to days at 24 hours', () => {
    expect(formatRelativeTime(ago(24 * H), now)).toBe('1d ago');
  });

  it('shows 6 days as days', () => {
    expect(formatRelativeTime(ago(6 * D), now)).toBe('6d ago');
  });

  it("falls back to the day on the viewer's calendar and in their date order at 7 days", () => {
    const date = ago(7 * D);
    setViewer({ timeZone: 'Europe/Berlin', region: 'GB' });
    expect(formatRelativeTime(date, now)).toBe('8 Jun 2025');
    setViewer({ timeZone: 'America/New_York', region: 'US' });
    expect(formatRelativeTime(date, now)).toBe('Jun 8, 2025');
    // Late evening in New York is already the next day in Tokyo.
    const late = new Date('2025-06-01T23:30:00Z');
    setViewer({ timeZone: 'Asia/Tokyo', region: 'US' });
    expect(formatRelativeTime(late, now)).toBe('Jun 2, 2025');
    setViewer({ timeZone: null, region: undefined });
  });

  it('treats future dates as just now', () => {
    expect(formatRelativeTime(new Date(now.getTime() + 5 * H), now)).toBe('Just now');
  });

  it('accepts ISO strings', () => {
    expect(formatRelativeTime(ago(3 * H).toISOString(), now)).toBe('3h ago');
  });

  it('returns an empty string for an unparseable date', () => {
    expect(formatRelativeTime('not a date', now)).toBe('');
  });
});

describe('how long ago, in Spanish and Arabic', () => {
  it('says the same spans in their words, and the day from a week on', () => {
    const es = whenForTests('es');
    const ar = whenForTests('ar');
    expect(es.relative(ago(30 * S), now)).toBe('Ahora mismo');
    expect(es.relative(ago(5 * M), now)).toBe('hace 5 min');
    expect(ar.relative(ago(5 * M), now)).toBe('قبل 5 دقائق');
    expect(ar.relative(ago(30 * S), now)).toBe('الآن');
    setViewer({ timeZone: 'Europe/Madrid' });
    expect(es.relative(ago(7 * D), now)).toBe('8 jun 2025');
    setViewer({ timeZone: null });
  });
});
