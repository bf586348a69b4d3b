import { describe, expect, it } from 'vitest';
import { visitSpan } from './overlap';

describe('the overlap question', () => {
  it('asks about the slot’s own span', () => {
    expect(visitSpan({ startsAt: '2026-12-03T15:00:00.000Z', endsAt: '2026-12-03T15:45:00.000Z' })).toEqual({
      startsAt: '2026-12-03T15:00:00.000Z',
      endsAt: '2026-12-03T15:45:00.000Z',
    });
    expect(visitSpan({ startsAt: '2026-12-03T15:00:00.000Z', minutes: 20 }).endsAt).toBe('2026-12-03T15:20:00.000Z');
    expect(visitSpan({ startsAt: '2026-12-03T15:00:00.000Z' }).endsAt).toBe('2026-12-03T15:30:00.000Z');
  });
});
