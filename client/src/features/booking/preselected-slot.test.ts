import { describe, expect, it } from 'vitest';
import { localDateOf } from '@common/rules/display-time';
import { addDays } from '@common/rules/slots';
import { requestedSlot } from './preselected-slot';

const now = new Date('2026-11-23T15:00:00Z');
const today = localDateOf(now);
const url = (query: string) => new URLSearchParams(query);

describe('the slot a booking link asks for', () => {
  it('takes the day and the slot of a link from the doctor page', () => {
    const tomorrow = addDays(today, 1);
    const start = '2026-11-24T15:30:00.000Z';
    expect(requestedSlot(url(`doctorId=x&date=${tomorrow}&start=${encodeURIComponent(start)}`), now)).toEqual({
      date: tomorrow,
      start,
    });
  });

  it('opens the day without a time when the slot is missing or not an instant', () => {
    expect(requestedSlot(url(`date=${today}`), now)).toEqual({ date: today, start: null });
    expect(requestedSlot(url(`date=${today}&start=soon`), now)).toEqual({ date: today, start: null });
  });

  it('ignores a past or malformed date, and the slot with it', () => {
    const start = encodeURIComponent('2026-11-20T15:30:00.000Z');
    expect(requestedSlot(url(`date=${addDays(today, -1)}&start=${start}`), now)).toEqual({ date: '', start: null });
    expect(requestedSlot(url(`date=2026-02-30&start=${start}`), now)).toEqual({ date: '', start: null });
    expect(requestedSlot(url('date=tomorrow'), now)).toEqual({ date: '', start: null });
  });
});
