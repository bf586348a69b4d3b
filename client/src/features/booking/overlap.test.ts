import { describe, expect, it } from 'vitest';
import { overlapClock, visitSpan } from './overlap';

describe('the overlap warning', () => {
  it('says the time on the patient’s clock', () => {
    const startsAt = '2026-12-03T20:00:00.000Z';
    expect(overlapClock(startsAt, 'America/New_York')).toBe('3:00 PM');
    expect(overlapClock(startsAt, 'Europe/Berlin')).toBe('9:00 PM');
    expect(overlapClock('2026-12-03T15:30:00.000Z', 'UTC')).toBe('3:30 PM');
  });

  it('asks about the slot’s own span', () => {
    expect(visitSpan({ startsAt: '2026-12-03T15:00:00.000Z', endsAt: '2026-12-03T15:45:00.000Z' })).toEqual({
      startsAt: '2026-12-03T15:00:00.000Z',
      endsAt: '2026-12-03T15:45:00.000Z',
    });
    expect(visitSpan({ startsAt: '2026-12-03T15:00:00.000Z', minutes: 20 }).endsAt).toBe('2026-12-03T15:20:00.000Z');
    expect(visitSpan({ startsAt: '2026-12-03T15:00:00.000Z' }).endsAt).toBe('2026-12-03T15:30:00.000Z');
  });
});
