import { describe, expect, it } from 'vitest';
import {
  clockTime,
  longDate,
  otherClock,
  sameClock,
  shortDate,
  slotTime,
  timeText,
  weekdayClock,
  whenText,
} from './display-time';

const LONDON = 'Europe/London';
const NEW_YORK = 'America/New_York';
const KOLKATA = 'Asia/Kolkata';

describe('whenText across daylight-saving changes', () => {
  it('2026-03-08: New York has sprung forward, London has not', () => {
    const at = new Date('2026-03-08T21:14:00Z');
    expect(whenText(at, LONDON, NEW_YORK)).toBe('Sunday, March 8, 2026 at 9:14 PM GMT (5:14 PM EDT in New York)');
    expect(whenText(at, NEW_YORK, LONDON)).toBe('Sunday, March 8, 2026 at 5:14 PM EDT (9:14 PM GMT in London)');
    // Kolkata is already on the next day: the other clock names its weekday.
    expect(whenText(at, KOLKATA, NEW_YORK)).toBe(
      'Monday, March 9, 2026 at 2:44 AM GMT+5:30 (Sun 5:14 PM EDT in New York)',
    );
  });

  it('2026-03-29: London springs forward at 01:00 UTC', () => {
    expect(clockTime(new Date('2026-03-29T00:30:00Z'), LONDON)).toBe('12:30 AM GMT');
    expect(clockTime(new Date('2026-03-29T01:30:00Z'), LONDON)).toBe('2:30 AM GMT+1');
    expect(timeText(new Date('2026-03-29T13:00:00Z'), NEW_YORK, LONDON)).toBe('9:00 AM EDT (2:00 PM GMT+1 in London)');
  });

  it('2026-11-01: New York falls back, so 1:30 AM happens twice and each is named', () => {
    expect(clockTime(new Date('2026-11-01T05:30:00Z'), NEW_YORK)).toBe('1:30 AM EDT');
    expect(clockTime(new Date('2026-11-01T06:30:00Z'), NEW_YORK)).toBe('1:30 AM EST');
    expect(timeText(new Date('2026-11-01T15:00:00Z'), KOLKATA, NEW_YORK)).toBe(
      '8:30 PM GMT+5:30 (10:00 AM EST in New York)',
    );
  });

  it('names no second clock when both parties read the same time', () => {
    const at = new Date('2026-07-01T12:00:00Z');
    expect(otherClock(at, NEW_YORK, NEW_YORK)).toBeNull();
    expect(otherClock(at, NEW_YORK, 'America/Toronto')).toBeNull();
    expect(otherClock(at, NEW_YORK, undefined)).toBeNull();
    expect(whenText(at, 'America/Toronto', NEW_YORK)).toBe('Wednesday, July 1, 2026 at 8:00 AM EDT');
  });

  it('keeps the older helpers', () => {
    const at = '2026-03-08T21:14:00Z';
    expect(longDate(at, KOLKATA)).toBe('Monday, March 9, 2026');
    expect(shortDate(at, LONDON)).toBe('Sun, Mar 8');
    expect(slotTime(at, NEW_YORK)).toBe('05:14 PM');
    expect(sameClock(at, LONDON, 'UTC')).toBe(true);
  });
});

describe('weekdayClock', () => {
  it('gives the weekday and clock of the viewer, across a clock change', () => {
    // 2026-11-01 06:30 UTC is Sunday 1:30 AM EST in New York (after falling back) and 6:30 AM in London.
    expect(weekdayClock('2026-11-01T06:30:00Z', NEW_YORK)).toBe('Sun 1:30 AM');
    expect(weekdayClock('2026-11-01T06:30:00Z', LONDON)).toBe('Sun 6:30 AM');
    expect(weekdayClock('2026-11-24T15:30:00Z', KOLKATA)).toBe('Tue 9:00 PM');
  });
});
