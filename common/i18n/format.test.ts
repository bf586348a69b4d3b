import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, formatNumber, formatOffset, formatRelative, zoneLabelIn } from './format';

// Intl output joins some parts with no-break spaces; compare with plain ones.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').replace(/[\u200e\u200f\u061c\u2066-\u2069]/g, '');

describe('money', () => {
  it('English keeps the spec: whole dollars without cents, cents when there are some', () => {
    expect(formatMoney(15000, 'en')).toBe('$150');
    expect(formatMoney(14950, 'en')).toBe('$149.50');
    expect(formatMoney(123456789, 'en')).toBe('$1,234,567.89');
    expect(formatMoney(1, 'en')).toBe('$0.01');
  });

  it('Spanish puts the currency after, with a decimal comma and its grouping', () => {
    expect(plain(formatMoney(14950, 'es'))).toBe('149,50 US$');
    expect(plain(formatMoney(15000, 'es'))).toBe('150 US$');
    expect(plain(formatMoney(123456789, 'es'))).toBe('1.234.567,89 US$');
  });

  it('Arabic puts the currency after, with Western digits (decision 058), exact to the cent', () => {
    expect(plain(formatMoney(14950, 'ar'))).toBe('149.50 US$');
    expect(plain(formatMoney(15000, 'ar'))).toBe('150 US$');
    expect(plain(formatMoney(1, 'ar'))).toBe('0.01 US$');
    expect(formatMoney(14950, 'ar')).toBe('\u2066149.50\u00a0US$\u2069');
  });

  it('never drifts by floating point: every cent amount reads back as itself', () => {
    for (const cents of [1, 7, 10, 29, 99, 101, 1005, 1999, 14995, 100001, 999999]) {
      const text = formatMoney(cents, 'en').replace(/[$,]/g, '');
      expect(Math.round(Number(text) * 100)).toBe(cents);
    }
  });
});

describe('numbers, dates and times', () => {
  const instant = new Date('2026-11-26T15:30:00Z');

  it('numbers in each language', () => {
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    expect(plain(formatNumber(12345.5, 'es'))).toBe('12.345,5');
    expect(plain(formatNumber(1234.5, 'ar'))).toBe('1,234.5');
  });

  it('dates in the language and the reader zone', () => {
    expect(formatDate(instant, 'long', 'en', 'Europe/Berlin')).toBe('Thursday, November 26, 2026');
    expect(formatDate(instant, 'long', 'es', 'Europe/Berlin')).toBe('jueves, 26 de noviembre de 2026');
    expect(formatDate(instant, 'long', 'ar', 'Asia/Riyadh')).toBe('الخميس، 26 نوفمبر 2026');
    expect(plain(formatDate(instant, 'time', 'es', 'Europe/Berlin'))).toBe('16:30');
    expect(plain(formatDate(instant, 'time', 'en', 'America/New_York'))).toBe('10:30 AM');
    expect(plain(formatDate(instant, 'time', 'ar', 'Asia/Riyadh'))).toBe('6:30 م');
  });

  it('relative times: the same spans in every language, "Just now" from the catalogue', () => {
    const now = new Date('2026-11-26T12:00:00Z');
    const ago = (ms: number) => new Date(now.getTime() - ms);
    expect(formatRelative(ago(10_000), now, 'en', 'Just now')).toBe('Just now');
    expect(formatRelative(ago(5 * 60_000), now, 'en', 'Just now')).toBe('5m ago');
    expect(formatRelative(ago(5 * 60_000), now, 'es', 'Ahora mismo')).toBe('hace 5 min');
    expect(formatRelative(ago(3 * 3_600_000), now, 'es', 'Ahora mismo')).toBe('hace 3 h');
    expect(formatRelative(ago(10_000), now, 'es', 'Ahora mismo')).toBe('Ahora mismo');
    expect(formatRelative(ago(2 * 86_400_000), now, 'ar', 'الآن')).toBe('قبل يومين');
    expect(formatRelative('not a date', now, 'ar', 'الآن')).toBe('');
  });
});

describe('zones named as people name them, per language', () => {
  const city = (names: Record<string, string>) => (zone: string) => names[zone];

  it('English is unchanged; Spanish and Arabic use the catalogue name of the place, else the city as written', () => {
    expect(zoneLabelIn('Europe/Berlin', 'en')).toBe('Berlin time');
    expect(zoneLabelIn('Europe/Berlin', 'es', city({ 'Europe/Berlin': 'Berlín' }))).toBe('hora de Berlín');
    expect(zoneLabelIn('Europe/Berlin', 'ar', city({ 'Europe/Berlin': 'برلين' }))).toBe('توقيت برلين');
    expect(zoneLabelIn('America/Port_of_Spain', 'es', city({}))).toBe('hora de Port of Spain');
    expect(zoneLabelIn('UTC', 'ar', city({}))).toBe('UTC');
    expect(zoneLabelIn('Etc/GMT+5', 'es', city({}))).toBe('UTC−5');
  });

  it('offsets, kept left to right in Arabic', () => {
    const winter = new Date('2026-01-15T12:00:00Z');
    expect(formatOffset('America/New_York', winter, 'en')).toBe('UTC−5');
    expect(formatOffset('Asia/Kolkata', winter, 'es')).toBe('UTC+5:30');
    expect(formatOffset('Asia/Kolkata', winter, 'ar')).toBe('\u2066UTC+5:30\u2069');
  });
});
