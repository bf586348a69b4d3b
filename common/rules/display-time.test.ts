import { afterEach, describe, expect, it } from 'vitest';
import { formatDate } from '../i18n/format';
import { whenForTests } from '../i18n/when-for-tests';
import { localTimeZone, nearDay, regionOf, sameClock, setViewer } from './display-time';
import { placeOf, timeZoneChoices, zoneLabel } from './zone-names';

const LONDON = 'Europe/London';
const BERLIN = 'Europe/Berlin';
const NEW_YORK = 'America/New_York';
const KOLKATA = 'Asia/Kolkata';
const en = whenForTests('en');

afterEach(() => setViewer({ timeZone: null, region: undefined }));

describe('zones named as people name them', () => {
  it('says the city, or the name people use, never the IANA id', () => {
    expect(zoneLabel(BERLIN)).toBe('Berlin time');
    expect(zoneLabel(NEW_YORK)).toBe('New York time');
    expect(zoneLabel('America/Argentina/Buenos_Aires')).toBe('Buenos Aires time');
    expect(zoneLabel(KOLKATA)).toBe('India time');
    expect(zoneLabel('Asia/Calcutta')).toBe('India time');
    expect(zoneLabel('UTC')).toBe('UTC');
    // POSIX signs are inverted: Etc/GMT+5 is five hours behind UTC.
    expect(zoneLabel('Etc/GMT+5')).toBe('UTC\u22125');
    expect(placeOf(NEW_YORK)).toBe('New York');
  });

  it('no zone this runtime knows is named with a slash, an underscore or an abbreviation', () => {
    const at = new Date('2026-07-01T12:00:00Z');
    for (const { id, label } of timeZoneChoices()) {
      expect(label, id).not.toMatch(/[/_]/);
      expect(en.clock(at, id), id).not.toMatch(/\b(?!UTC\b)[A-Z]{3,5}\b/);
    }
  });

  it('gives the offset at the instant, so daylight saving shows', () => {
    expect(en.zoneName(BERLIN, '2026-01-15T12:00:00Z')).toBe('Berlin time (UTC+1)');
    expect(en.zoneName(BERLIN, '2026-07-15T12:00:00Z')).toBe('Berlin time (UTC+2)');
    expect(en.zoneName(NEW_YORK, '2026-01-15T12:00:00Z')).toBe('New York time (UTC\u22125)');
    expect(en.zoneName(KOLKATA, '2026-01-15T12:00:00Z')).toBe('India time (UTC+5:30)');
    expect(en.zoneName('UTC')).toBe('UTC');
    expect(en.zoneName(LONDON, '2026-01-15T12:00:00Z')).toBe('London time (UTC+0)');
  });
});

describe('a visit time across daylight-saving changes', () => {
  it('two zones together carry their offsets', () => {
    expect(en.time(new Date('2026-11-26T14:00:00Z'), BERLIN, NEW_YORK)).toBe(
      '3:00 PM Berlin time (UTC+1) \u00b7 9:00 AM New York time (UTC\u22125)',
    );
  });

  it('2026-03-08: New York has sprung forward, London has not', () => {
    const at = new Date('2026-03-08T21:14:00Z');
    expect(en.when(at, LONDON, NEW_YORK)).toBe(
      'Sunday, March 8, 2026 at 9:14 PM London time (UTC+0) \u00b7 5:14 PM New York time (UTC\u22124)',
    );
    // Kolkata is already on the next day: the other clock names its weekday.
    expect(en.when(at, KOLKATA, NEW_YORK)).toBe(
      'Monday, March 9, 2026 at 2:44 AM India time (UTC+5:30) \u00b7 Sun 5:14 PM New York time (UTC\u22124)',
    );
  });

  it('2026-03-29: London springs forward at 01:00 UTC', () => {
    expect(en.clock(new Date('2026-03-29T00:30:00Z'), LONDON)).toBe('12:30 AM London time');
    expect(en.zoneName(LONDON, '2026-03-29T00:30:00Z')).toBe('London time (UTC+0)');
    expect(en.zoneName(LONDON, '2026-03-29T01:30:00Z')).toBe('London time (UTC+1)');
    expect(en.time(new Date('2026-03-29T13:00:00Z'), NEW_YORK, LONDON)).toBe(
      '9:00 AM New York time (UTC\u22124) \u00b7 2:00 PM London time (UTC+1)',
    );
  });

  it('2026-11-01: New York falls back, so 1:30 AM happens twice and the offset tells them apart', () => {
    expect(en.clock(new Date('2026-11-01T05:30:00Z'), NEW_YORK)).toBe('1:30 AM New York time');
    expect(en.zoneName(NEW_YORK, '2026-11-01T05:30:00Z')).toBe('New York time (UTC\u22124)');
    expect(en.zoneName(NEW_YORK, '2026-11-01T06:30:00Z')).toBe('New York time (UTC\u22125)');
    expect(en.time(new Date('2026-11-01T15:00:00Z'), KOLKATA, NEW_YORK)).toBe(
      '8:30 PM India time (UTC+5:30) \u00b7 10:00 AM New York time (UTC\u22125)',
    );
  });

  it('names no second clock when both parties read the same time', () => {
    const at = new Date('2026-07-01T12:00:00Z');
    expect(en.time(at, NEW_YORK, NEW_YORK)).toBe('8:00 AM New York time');
    expect(en.time(at, NEW_YORK, 'America/Toronto')).toBe('8:00 AM New York time');
    expect(en.when(at, 'America/Toronto', NEW_YORK)).toBe('Wednesday, July 1, 2026 at 8:00 AM Toronto time');
  });

  it('says the day, the short date and the slot clock', () => {
    const at = '2026-03-08T21:14:00Z';
    expect(en.longDate(at, KOLKATA)).toBe('Monday, March 9, 2026');
    expect(en.shortDate(at, LONDON)).toBe('Sun, Mar 8');
    expect(en.slotTime(at, NEW_YORK)).toBe('05:14 PM');
    expect(sameClock(at, LONDON, 'UTC')).toBe(true);
  });
});

describe('Today and Tomorrow', () => {
  const now = new Date('2026-11-26T10:00:00Z');
  it('count calendar days in the viewer zone', () => {
    expect(nearDay('2026-11-26T20:00:00Z', now, BERLIN)).toBe('Today');
    // 23:30 UTC is already half past midnight on the 27th in Berlin.
    expect(nearDay('2026-11-26T23:30:00Z', now, BERLIN)).toBe('Tomorrow');
    expect(nearDay('2026-11-26T23:30:00Z', now, NEW_YORK)).toBe('Today');
    expect(nearDay('2026-11-28T09:00:00Z', now, BERLIN)).toBeNull();
    // The night London moves its clocks is still one day.
    expect(nearDay('2026-03-29T22:00:00Z', new Date('2026-03-28T12:00:00Z'), LONDON)).toBe('Tomorrow');
  });

  it("name the near days on a card's next free slot, and the weekday beyond them, in every language", () => {
    expect(en.nextSlot('2026-11-26T14:00:00Z', now, BERLIN)).toBe('Today 3:00 PM');
    expect(en.nextSlot('2026-11-26T23:30:00Z', now, BERLIN)).toBe('Tomorrow 12:30 AM');
    expect(en.nextSlot('2026-11-28T09:00:00Z', now, BERLIN)).toBe('Sat 10:00 AM');
    expect(whenForTests('es').nextSlot('2026-11-26T14:00:00Z', now, BERLIN)).toBe('Hoy 15:00');
    expect(whenForTests('ar').nextSlot('2026-11-26T23:30:00Z', now, BERLIN)).toMatch(/^غدًا 12:30\s?ص$/);
  });

  it('start a screen date only when asked (mail is read later)', () => {
    expect(en.when('2026-11-26T14:00:00Z', BERLIN, undefined, now)).toBe(
      'Today, Thursday, November 26, 2026 at 3:00 PM Berlin time',
    );
    expect(en.when('2026-11-26T14:00:00Z', BERLIN)).toBe('Thursday, November 26, 2026 at 3:00 PM Berlin time');
  });
});

describe('the viewer', () => {
  it("uses the account's zone over the browser's once the shell sets it", () => {
    setViewer({ timeZone: BERLIN });
    expect(localTimeZone()).toBe(BERLIN);
    expect(en.clock('2026-11-26T14:00:00Z')).toBe('3:00 PM Berlin time');
  });

  it("writes English dates in the order of the viewer's region; clocks stay 12-hour", () => {
    expect(regionOf('en-US')).toBe('US');
    expect(regionOf('de')).toBe('DE');
    expect(regionOf('not a locale \u0000')).toBeUndefined();
    setViewer({ timeZone: BERLIN, region: regionOf('de-DE') });
    expect(en.longDate('2026-11-26T14:00:00Z')).toMatch(/^Thursday,? 26 November 2026$/);
    expect(en.moment('2026-11-26T14:00:00Z')).toMatch(/^Thu,? 26 Nov 2026, 3:00 PM Berlin time$/);
    // Spanish is the generic es whatever the region (decision 058).
    expect(whenForTests('es').longDate('2026-11-26T14:00:00Z')).toBe('jueves, 26 de noviembre de 2026');
  });
});

describe('a weekday and clock', () => {
  it('gives the weekday and clock of the zone, across a clock change', () => {
    // 2026-11-01 06:30 UTC is Sunday 1:30 AM EST in New York (after falling back) and 6:30 AM in London.
    expect(formatDate('2026-11-01T06:30:00Z', 'weekdayTime', 'en', NEW_YORK)).toBe('Sun 1:30 AM');
    expect(formatDate('2026-11-01T06:30:00Z', 'weekdayTime', 'en', LONDON)).toBe('Sun 6:30 AM');
    expect(formatDate('2026-11-24T15:30:00Z', 'weekdayTime', 'en', KOLKATA)).toBe('Tue 9:00 PM');
  });
});
