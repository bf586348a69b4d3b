import { describe, expect, it } from 'vitest';
import { keptOffsetCount, offsetAt, wallClock, zonedInstant } from './zoned-time';

/** What Intl itself says, the slow way the kept offsets must agree with. */
const formats = new Map<string, Intl.DateTimeFormat>();
function intlWallClock(instant: Date, timeZone: string) {
  const format =
    formats.get(timeZone) ??
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
  formats.set(timeZone, format);
  const parts = format.formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return { date: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}:${get('minute')}` };
}

const ZONES = [
  'America/New_York',
  'Europe/London',
  'Europe/Berlin',
  'Australia/Lord_Howe', // a half-hour DST shift
  'Asia/Kolkata',
  'Asia/Kathmandu', // +05:45
  'America/St_Johns', // -03:30 with DST
  'Pacific/Chatham', // +12:45 / +13:45
  'America/Santiago',
  'Africa/Casablanca', // DST suspended for Ramadan each year
  'UTC',
];

describe('wall-clock time from kept offsets', () => {
  it('agrees with Intl through both DST changes of a year', () => {
    for (const zone of ['America/New_York', 'Australia/Lord_Howe', 'Europe/London']) {
      // Every 13 minutes through 2026, so each changeover is crossed at odd minutes.
      for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 13 * 60_000) {
        const at = new Date(ms);
        const got = wallClock(at, zone);
        const want = intlWallClock(at, zone);
        if (got.date !== want.date || got.time !== want.time)
          expect({ zone, at, got }).toEqual({ zone, at, got: want });
      }
    }
  }, 60_000); // 120,000 comparisons with Intl: seconds on a busy machine

  it('agrees with Intl at random instants in zones with odd offsets, and at the minute a change happens', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 20_000; i++) {
      const zone = ZONES[i % ZONES.length];
      const at = new Date(Date.UTC(1990, 0, 1) + Math.floor(random() * 60 * 365 * 86_400_000));
      expect(wallClock(at, zone)).toEqual(intlWallClock(at, zone));
    }
    // New York springs forward at 07:00Z on 2026-03-08: 01:59 then 03:00.
    expect(wallClock(new Date('2026-03-08T06:59:00Z'), 'America/New_York').time).toBe('01:59');
    expect(wallClock(new Date('2026-03-08T07:00:00Z'), 'America/New_York').time).toBe('03:00');
    // And falls back at 06:00Z on 2026-11-01: 01:59 EDT then 01:00 EST.
    expect(wallClock(new Date('2026-11-01T05:59:00Z'), 'America/New_York').time).toBe('01:59');
    expect(wallClock(new Date('2026-11-01T06:00:00Z'), 'America/New_York').time).toBe('01:00');
  }, 60_000);

  it('keeps the seconds of an instant out of the wall clock, as Intl does', () => {
    expect(wallClock(new Date('2026-05-01T10:15:59.999Z'), 'Asia/Kathmandu')).toEqual({
      date: '2026-05-01',
      time: '16:00',
    });
  });

  it('refuses a zone Intl does not know, every time', () => {
    expect(() => offsetAt('Mars/Olympus_Mons', Date.now())).toThrow(RangeError);
    expect(() => wallClock(new Date(), 'Mars/Olympus_Mons')).toThrow(RangeError);
  });

  it('turns a wall clock into the same instant again, also when asked twice', () => {
    const first = zonedInstant('2026-03-08', '09:30', 'America/New_York');
    expect(first.toISOString()).toBe('2026-03-08T13:30:00.000Z');
    const again = zonedInstant('2026-03-08', '09:30', 'America/New_York');
    expect(again.getTime()).toBe(first.getTime());
    // Each call gets its own Date: a caller that changes one does not change the kept instant.
    again.setTime(0);
    expect(zonedInstant('2026-03-08', '09:30', 'America/New_York').toISOString()).toBe('2026-03-08T13:30:00.000Z');
  });
});

describe('wall clock to instant', () => {
  it('agrees with TZDate at every quarter hour of a year, skipped and repeated hours included', async () => {
    const { TZDate } = await import('@date-fns/tz');
    for (const zone of ['America/New_York', 'Australia/Lord_Howe', 'Pacific/Chatham', 'Africa/Casablanca']) {
      for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 15 * 60_000) {
        const at = new Date(ms);
        const date = at.toISOString().slice(0, 10);
        const time = at.toISOString().slice(11, 16);
        const [y, m, d] = date.split('-').map(Number);
        const [hh, mm] = time.split(':').map(Number);
        const want = new TZDate(y, m - 1, d, hh, mm, 0, 0, zone).getTime();
        const got = zonedInstant(date, time, zone).getTime();
        if (got !== want) expect({ zone, date, time, got }).toEqual({ zone, date, time, got: want });
      }
    }
  }, 60_000);

  it('keeps a number per zone and day, not per quarter hour or wall clock', () => {
    const before = keptOffsetCount();
    for (const zone of ['Europe/Berlin', 'America/Santiago', 'Asia/Kathmandu']) {
      for (let ms = Date.UTC(2030, 0, 1); ms < Date.UTC(2031, 0, 1); ms += 13 * 60_000) {
        const { date, time } = wallClock(new Date(ms), zone);
        zonedInstant(date, time, zone);
      }
    }
    // 365 days (and the window's edges) each, plus 96 quarter hours for each of the four changes.
    expect(keptOffsetCount() - before).toBeLessThan(3 * 400 + 4 * 96);
  }, 60_000);
});
