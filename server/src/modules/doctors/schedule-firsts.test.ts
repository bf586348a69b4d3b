import { describe, expect, it } from 'vitest';
import { daySlots } from '@common/rules/slots';
import { scheduleFirsts, type Schedule } from './schedule-firsts';

const firstFree = (s: Schedule, date: string, now: Date) =>
  daySlots(date, { timeZone: s.zone, availableFrom: s.from, availableTo: s.to }, new Set(), now).find(
    (slot) => slot.available,
  )?.startsAt ?? null;

describe('scheduleFirsts', () => {
  it("gives each schedule's first slot after now, as the slot list does, across a clock change", () => {
    // London moves to summer time on 2026-03-29; Kolkata does not move.
    const schedules: Schedule[] = [
      { zone: 'Europe/London', from: '', to: '' },
      { zone: 'Europe/London', from: '13:00', to: '15:00' },
      { zone: 'Asia/Kolkata', from: '09:00', to: '10:00' },
    ];
    const now = new Date('2026-03-29T08:10:30Z');
    const firsts = scheduleFirsts(schedules, now);
    expect(firsts['Europe/London']['']['']).toBe('2026-03-29T08:30:00.000Z');
    expect(firsts['Europe/London']['']['']).toBe(firstFree(schedules[0], '2026-03-29', now));
    expect(firsts['Europe/London']['13:00']['15:00']).toBe('2026-03-29T12:00:00.000Z');
    // Kolkata's hours today are over (13:40 there): the first slot is tomorrow at 09:00 IST.
    expect(firsts['Asia/Kolkata']['09:00']['10:00']).toBe('2026-03-30T03:30:00.000Z');
  });

  it('holds for the whole minute: a slot starting at the minute is already past', () => {
    const schedules: Schedule[] = [{ zone: 'UTC', from: '', to: '' }];
    expect(scheduleFirsts(schedules, new Date('2026-06-01T09:30:00.000Z')).UTC['']['']).toBe(
      '2026-06-01T10:00:00.000Z',
    );
    expect(scheduleFirsts(schedules, new Date('2026-06-01T09:29:59.999Z')).UTC['']['']).toBe(
      '2026-06-01T09:30:00.000Z',
    );
  });

  it('answers null for hours that hold no slot, and leaves out a zone this runtime cannot use', () => {
    const firsts = scheduleFirsts(
      [
        { zone: 'UTC', from: '16:00', to: '16:10' },
        { zone: 'Not/AZone', from: '', to: '' },
      ],
      new Date('2026-06-01T08:00:00Z'),
    );
    expect(firsts.UTC['16:00']['16:10']).toBeNull();
    expect(firsts['Not/AZone']).toBeUndefined();
  });
});
