import { describe, expect, it } from 'vitest';
import { addDays, daySlots, isCalendarDate, SLOT_TIMES, slotInstant, withinHours } from './slots';

const none = new Set<number>();
const longAgo = new Date('2000-01-01T00:00:00Z');

describe('daySlots', () => {
  it('offers the 18 half-hour slots, 09:00 AM to 05:30 PM, in the doctor’s zone', () => {
    const slots = daySlots('2026-06-15', { timeZone: 'Asia/Tokyo' }, none, longAgo);
    expect(slots).toHaveLength(18);
    expect(slots[0]).toEqual({
      time: '09:00',
      label: '09:00 AM',
      startsAt: '2026-06-15T00:00:00.000Z',
      available: true,
    });
    expect(slots[17]).toMatchObject({ time: '17:30', label: '05:30 PM', startsAt: '2026-06-15T08:30:00.000Z' });
    expect(slots.map((s) => s.label)).toContain('12:00 PM');
  });

  it('keeps only slots inside availableFrom/availableTo (the slot must end by the closing time)', () => {
    const slots = daySlots(
      '2026-06-15',
      { timeZone: 'UTC', availableFrom: '10:00', availableTo: '12:00' },
      none,
      longAgo,
    );
    expect(slots.map((s) => s.time)).toEqual(['10:00', '10:30', '11:00', '11:30']);
    expect(withinHours('11:30', null, '12:00')).toBe(true);
    expect(withinHours('12:00', null, '12:00')).toBe(false);
    expect(withinHours('08:00', undefined, undefined)).toBe(true);
  });

  it('marks taken and past slots unavailable', () => {
    const taken = new Set([Date.parse('2026-06-15T10:00:00Z')]);
    const now = new Date('2026-06-15T12:10:00Z');
    const slots = daySlots('2026-06-15', { timeZone: 'UTC' }, taken, now);
    const byTime = Object.fromEntries(slots.map((s) => [s.time, s.available]));
    expect(byTime['10:00']).toBe(false);
    expect(byTime['12:00']).toBe(false);
    expect(byTime['12:30']).toBe(true);
    expect(byTime['09:30']).toBe(false);
  });
});

// Each case: a zone, the DST change date, the day before, and the UTC instant of 09:00 on both.
const DST_CASES = [
  {
    zone: 'America/New_York',
    kind: 'spring-forward',
    date: '2026-03-08',
    nineUtc: '2026-03-08T13:00:00.000Z',
    dayBeforeNineUtc: '2026-03-07T14:00:00.000Z',
  },
  {
    zone: 'America/New_York',
    kind: 'fall-back',
    date: '2026-11-01',
    nineUtc: '2026-11-01T14:00:00.000Z',
    dayBeforeNineUtc: '2026-10-31T13:00:00.000Z',
  },
  {
    zone: 'Europe/London',
    kind: 'spring-forward',
    date: '2026-03-29',
    nineUtc: '2026-03-29T08:00:00.000Z',
    dayBeforeNineUtc: '2026-03-28T09:00:00.000Z',
  },
  {
    zone: 'Europe/London',
    kind: 'fall-back',
    date: '2026-10-25',
    nineUtc: '2026-10-25T09:00:00.000Z',
    dayBeforeNineUtc: '2026-10-24T08:00:00.000Z',
  },
  {
    zone: 'Australia/Sydney',
    kind: 'fall-back',
    date: '2026-04-05',
    nineUtc: '2026-04-04T23:00:00.000Z',
    dayBeforeNineUtc: '2026-04-03T22:00:00.000Z',
  },
  {
    zone: 'Australia/Sydney',
    kind: 'spring-forward',
    date: '2026-10-04',
    nineUtc: '2026-10-03T22:00:00.000Z',
    dayBeforeNineUtc: '2026-10-02T23:00:00.000Z',
  },
  {
    zone: 'America/Santiago',
    kind: 'fall-back',
    date: '2026-04-05',
    nineUtc: '2026-04-05T13:00:00.000Z',
    dayBeforeNineUtc: '2026-04-04T12:00:00.000Z',
  },
];

describe('daylight-saving changes do not shift a slot', () => {
  for (const c of DST_CASES) {
    it(`${c.zone} ${c.kind} on ${c.date}`, () => {
      const slots = daySlots(c.date, { timeZone: c.zone }, none, longAgo);
      expect(slots.map((s) => s.time)).toEqual(SLOT_TIMES);
      expect(slots[0].startsAt).toBe(c.nineUtc);
      // Every slot is exactly 30 minutes after the previous one: no hour is skipped or doubled.
      for (let i = 1; i < slots.length; i++) {
        expect(Date.parse(slots[i].startsAt) - Date.parse(slots[i - 1].startsAt)).toBe(30 * 60_000);
      }
      const before = daySlots(addDays(c.date, -1), { timeZone: c.zone }, none, longAgo);
      expect(before[0].startsAt).toBe(c.dayBeforeNineUtc);
      // Same local label both days, different UTC offset.
      expect(before[0].label).toBe(slots[0].label);
    });
  }

  it('never offers a wall-clock time that does not exist (spring-forward gap)', () => {
    expect(slotInstant('2026-03-08', '02:30', 'America/New_York')).toBeNull();
    expect(slotInstant('2026-03-29', '01:30', 'Europe/London')).toBeNull();
    expect(slotInstant('2026-03-08', '09:00', 'America/New_York')?.toISOString()).toBe('2026-03-08T13:00:00.000Z');
  });
});

describe('dates', () => {
  it('accepts real calendar dates only', () => {
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2026-02-30')).toBe(false);
    expect(isCalendarDate('2026-2-3')).toBe(false);
    expect(isCalendarDate('2028-02-29')).toBe(true);
  });

  it('adds days across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
