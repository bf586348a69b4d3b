import { describe, expect, it } from 'vitest';
import type { Schedule } from '../schemas/schedule';
import { scheduleSchema, timeOffRequestSchema } from '../schemas/schedule';
import { defaultSchedule, dstGapProblems, legacyHours, weekdaysOnly } from './schedule-rules';
import { checkStart, daySchedule, firstAvailable, noticeLength, type SlotContext } from './schedule-slots';

const monthBefore = new Date('2026-06-01T00:00:00Z');
const every = (start: string, end: string) => {
  const r = [{ start, end }];
  return { mon: r, tue: r, wed: r, thu: r, fri: r, sat: r, sun: r };
};
const schedule = (over: Partial<Schedule> = {}): Schedule => ({ ...defaultSchedule(), minNoticeMinutes: 0, ...over });
const ctx = (over: Partial<SlotContext> = {}): SlotContext => ({
  schedule: schedule(),
  timeZone: 'UTC',
  bookings: [],
  timeOff: [],
  now: monthBefore,
  ...over,
});
const times = (c: SlotContext, date: string, type: 'video' | 'voice' | 'in-person' = 'video') =>
  daySchedule(c, date, type).map((s) => s.time);

describe('the slot generator', () => {
  it('walks each range of the weekday by visit length plus buffer; the visit must end by the range end', () => {
    const c = ctx({
      schedule: schedule({
        weekly: {
          ...weekdaysOnly('09:00', '12:00'),
          mon: [
            { start: '09:00', end: '12:00' },
            { start: '13:00', end: '14:00' },
          ],
        },
        visitMinutes: { video: 30, voice: 20, in_person: 60 },
        bufferMinutes: 10,
      }),
    });
    // 2026-06-15 is a Monday, 2026-06-20 a Saturday.
    expect(times(c, '2026-06-15')).toEqual(['09:00', '09:40', '10:20', '11:00', '13:00']);
    expect(times(c, '2026-06-15', 'in-person')).toEqual(['09:00', '10:10', '13:00']);
    expect(daySchedule(c, '2026-06-15', 'voice')[0]).toMatchObject({ minutes: 20, endsAt: '2026-06-15T09:20:00.000Z' });
    expect(times(c, '2026-06-20')).toEqual([]);
  });

  it('reads the hours in the doctor’s zone', () => {
    const slots = daySchedule(ctx({ timeZone: 'Asia/Tokyo' }), '2026-06-15', 'video');
    expect(slots[0]).toMatchObject({ time: '09:00', label: '09:00 AM', startsAt: '2026-06-15T00:00:00.000Z' });
    expect(slots.at(-1)).toMatchObject({ time: '16:30', label: '04:30 PM' });
  });

  it('has an hour fewer on the spring-forward day and an hour more on the fall-back day (New York)', () => {
    const night = ctx({
      now: new Date('2026-01-01T00:00:00Z'),
      timeZone: 'America/New_York',
      schedule: schedule({ weekly: every('00:00', '04:00') }),
    });
    // 2026-03-08: 02:00 → 03:00. 2026-11-01: 02:00 → 01:00.
    const spring = daySchedule(night, '2026-03-08', 'video');
    expect(spring.map((s) => s.time)).toEqual(['00:00', '00:30', '01:00', '01:30', '03:00', '03:30']);
    expect(spring[4].startsAt).toBe('2026-03-08T07:00:00.000Z');
    const fall = daySchedule(night, '2026-11-01', 'video');
    expect(fall).toHaveLength(10);
    expect(fall.map((s) => s.time)).toEqual([
      '00:00',
      '00:30',
      '01:00',
      '01:30',
      '01:00',
      '01:30',
      '02:00',
      '02:30',
      '03:00',
      '03:30',
    ]);
    expect(new Set(fall.map((s) => s.startsAt)).size).toBe(10);
  });

  it('handles the southern hemisphere’s changes the other way round (Sydney)', () => {
    const early = ctx({
      now: new Date('2026-01-01T00:00:00Z'),
      timeZone: 'Australia/Sydney',
      schedule: schedule({ weekly: every('01:00', '04:00') }),
    });
    // 2026-04-05: 03:00 → 02:00 (an hour more). 2026-10-04: 02:00 → 03:00 (an hour less).
    expect(daySchedule(early, '2026-04-05', 'video')).toHaveLength(8);
    expect(daySchedule(early, '2026-10-04', 'video')).toHaveLength(4);
  });

  it('blocks a slot overlapping a booking plus its buffer, in both directions', () => {
    const c = ctx({
      schedule: schedule({ bufferMinutes: 15, weekly: every('09:00', '12:00') }),
      // A 30-minute booking at 10:00 keeps 10:00–10:45 for itself.
      bookings: [{ startsAt: Date.parse('2026-06-15T10:00:00Z'), minutes: 30 }],
    });
    const slots = daySchedule(c, '2026-06-15', 'video');
    expect(slots.map((s) => [s.time, s.blockedBy])).toEqual([
      ['09:00', null],
      ['09:45', 'booked'], // its own buffer would run into the 10:00 visit
      ['10:30', 'booked'],
      ['11:15', null],
    ]);
  });

  it('hides every slot time off touches, and refuses them as time off', () => {
    const off = { startsAt: Date.parse('2026-06-15T10:15:00Z'), endsAt: Date.parse('2026-06-15T11:00:00Z') };
    const c = ctx({ schedule: schedule({ weekly: every('09:00', '12:00') }), timeOff: [off] });
    expect(times(c, '2026-06-15')).toEqual(['09:00', '09:30', '11:00', '11:30']);
    expect(checkStart(c, new Date('2026-06-15T10:30:00Z'), 'video')).toEqual({ ok: false, reason: 'time_off' });
    expect(checkStart(c, new Date('2026-06-15T12:00:00Z'), 'video')).toEqual({ ok: false, reason: 'hours' });
    expect(checkStart(c, new Date('2026-06-15T09:10:00Z'), 'video')).toEqual({ ok: false, reason: 'hours' });
    expect(checkStart(c, new Date('2026-06-15T11:00:00Z'), 'video')).toMatchObject({ ok: true });
  });

  it('applies notice, the past, the horizon and the daily cap', () => {
    const now = new Date('2026-06-15T09:10:00Z');
    const c = ctx({
      now,
      schedule: schedule({ weekly: every('09:00', '12:00'), minNoticeMinutes: 120, horizonDays: 10, dailyCap: 2 }),
      bookings: [{ startsAt: Date.parse('2026-06-16T09:00:00Z'), minutes: 30 }],
    });
    expect(checkStart(c, new Date('2026-06-15T09:00:00Z'), 'video')).toEqual({ ok: false, reason: 'past' });
    expect(checkStart(c, new Date('2026-06-15T11:00:00Z'), 'video')).toEqual({ ok: false, reason: 'notice' });
    expect(checkStart(c, new Date('2026-06-15T11:30:00Z'), 'video')).toMatchObject({ ok: true });
    expect(checkStart(c, new Date('2026-06-26T09:00:00Z'), 'video')).toEqual({ ok: false, reason: 'horizon' });
    expect(checkStart(c, new Date('2026-06-16T09:00:00Z'), 'video')).toEqual({ ok: false, reason: 'booked' });
    expect(checkStart(c, new Date('2026-06-16T10:00:00Z'), 'video')).toMatchObject({ ok: true });
    const capped = { ...c, bookings: [...c.bookings, { startsAt: Date.parse('2026-06-16T11:00:00Z'), minutes: 30 }] };
    expect(checkStart(capped, new Date('2026-06-16T10:00:00Z'), 'video')).toEqual({ ok: false, reason: 'cap' });
    expect(firstAvailable(capped, 'video', now, 30)?.startsAt).toBe('2026-06-15T11:30:00.000Z');
  });

  it('counts the daily cap by the doctor’s local date', () => {
    const c = ctx({
      timeZone: 'America/Los_Angeles',
      schedule: schedule({ weekly: every('09:00', '18:00'), dailyCap: 1 }),
      // 16:00 in Los Angeles on the 15th is the 16th in UTC.
      bookings: [{ startsAt: Date.parse('2026-06-15T23:00:00Z'), minutes: 30 }],
    });
    expect(daySchedule(c, '2026-06-15', 'video').every((s) => !s.available)).toBe(true);
    expect(daySchedule(c, '2026-06-16', 'video').every((s) => s.available)).toBe(true);
  });

  it('finds the first free slot across days off and time off', () => {
    const c = ctx({
      now: new Date('2026-06-19T17:00:00Z'), // a Friday, after hours
      schedule: schedule({ weekly: weekdaysOnly('09:00', '17:00') }),
      timeOff: [{ startsAt: Date.parse('2026-06-22T00:00:00Z'), endsAt: Date.parse('2026-06-23T00:00:00Z') }],
    });
    expect(firstAvailable(c, 'video', c.now, 14)?.startsAt).toBe('2026-06-23T09:00:00.000Z');
    expect(firstAvailable(c, 'video', c.now, 2)).toBeNull();
  });

  it('measures a notice in its largest whole unit (the refusal names it)', () => {
    expect(noticeLength(120)).toEqual({ amount: 2, unit: 'hour' });
    expect(noticeLength(60)).toEqual({ amount: 1, unit: 'hour' });
    expect(noticeLength(45)).toEqual({ amount: 45, unit: 'minute' });
    expect(noticeLength(2880)).toEqual({ amount: 2, unit: 'day' });
    expect(noticeLength(0)).toEqual({ amount: 0, unit: 'minute' });
  });
});

describe('schedule rules', () => {
  it('reads old hours as Mon–Fri and writes the widest range back for old clients', () => {
    expect(defaultSchedule('10:00', '14:00').weekly).toEqual(weekdaysOnly('10:00', '14:00'));
    expect(defaultSchedule(null, null).weekly).toEqual(weekdaysOnly('09:00', '17:00'));
    expect(defaultSchedule('14:00', '10:00').weekly).toEqual(weekdaysOnly('09:00', '17:00'));
    expect(
      legacyHours({
        ...weekdaysOnly('09:00', '12:00'),
        sat: [
          { start: '08:00', end: '10:00' },
          { start: '18:00', end: '24:00' },
        ],
      }),
    ).toEqual({ availableFrom: '08:00', availableTo: '23:59' });
    expect(legacyHours({ mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] })).toEqual({
      availableFrom: null,
      availableTo: null,
    });
  });

  it('names a range across a daylight-saving gap, with its date', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    const sunday = { ...weekdaysOnly('09:00', '17:00'), sun: [{ start: '01:00', end: '04:00' }] };
    expect(dstGapProblems(sunday, 'America/New_York', now)).toEqual([
      'Sunday 01:00–04:00 crosses the daylight-saving change on 2027-03-14: 02:00–03:00 does not exist in America/New_York that day. Split the range around it.',
    ]);
    expect(dstGapProblems(sunday, 'Asia/Tokyo', now)).toEqual([]);
    // The fall-back hour repeats instead of vanishing: nothing to refuse.
    expect(dstGapProblems({ ...sunday, sun: [{ start: '00:00', end: '02:00' }] }, 'America/New_York', now)).toEqual([]);
  });

  const valid = { ...defaultSchedule(), weekly: weekdaysOnly('09:00', '17:00') };
  const problem = (body: unknown) => scheduleSchema.safeParse(body).error?.issues.map((i) => i.message);

  it('refuses overlapping ranges, ends before starts, over ten ranges and odd lengths', () => {
    expect(problem(valid)).toBeUndefined();
    const mon = (ranges: { start: string; end: string }[]) => ({ ...valid, weekly: { ...valid.weekly, mon: ranges } });
    expect(
      problem(
        mon([
          { start: '09:00', end: '12:00' },
          { start: '11:00', end: '13:00' },
        ]),
      ),
    ).toEqual(['Monday: 09:00–12:00 and 11:00–13:00 overlap']);
    expect(problem(mon([{ start: '12:00', end: '09:00' }]))).toEqual([
      'Monday 12:00–09:00: the end must be after the start',
    ]);
    const eleven = Array.from({ length: 11 }, (_, i) => ({
      start: `${String(i + 1).padStart(2, '0')}:00`,
      end: `${String(i + 1).padStart(2, '0')}:30`,
    }));
    expect(problem(mon(eleven))).toEqual(['Monday: at most 10 ranges a day']);
    expect(problem(mon([{ start: '9:00', end: '25:00' }]))).toHaveLength(2);
    expect(problem({ ...valid, visitMinutes: { ...valid.visitMinutes, voice: 25 } })).toEqual([
      'Voice visits last 15, 20, 30, 45 or 60 minutes',
    ]);
    expect(
      problem({ ...valid, bufferMinutes: 31, minNoticeMinutes: 20161, horizonDays: 181, dailyCap: 0 }),
    ).toHaveLength(4);
    expect(problem({ ...valid, weekly: { ...valid.weekly, sun: undefined } })).toHaveLength(1);
    expect(problem({ ...valid, bufferMinutes: 1e308 })).toContain('Buffer: at most 30 minutes');
  });

  it('refuses time off ending before it starts or lasting over a year, and far or forged dates', () => {
    const off = (startsAt: string, endsAt: string, label?: string) =>
      timeOffRequestSchema.safeParse({ startsAt, endsAt, label }).error?.issues.map((i) => i.message);
    expect(off('2026-12-24T00:00:00Z', '2026-12-27T00:00:00Z', 'Holiday')).toBeUndefined();
    expect(off('2026-12-24T00:00:00Z', '2026-12-23T00:00:00Z')).toEqual(['The time off must end after it starts']);
    expect(off('2026-01-01T00:00:00Z', '2027-01-03T00:00:00Z')).toEqual([
      'Time off can last at most a year; add another range',
    ]);
    expect(off('9999-01-01T00:00:00Z', '9999-01-02T00:00:00Z')).toHaveLength(2);
    expect(off('yesterday', '2026-12-23T00:00:00Z')).toHaveLength(1);
    expect(off('2026-12-24T00:00:00Z', '2026-12-25T00:00:00Z', 'a\u0000b')).toHaveLength(1);
  });
});
