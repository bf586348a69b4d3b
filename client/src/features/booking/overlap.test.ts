import { describe, expect, it } from 'vitest';
import { overlapText, visitSpan } from './overlap';

describe('the overlap warning', () => {
  it('names the doctor and the time on the patient’s clock', () => {
    const overlap = { doctorName: 'Dr. Lena Moreau', startsAt: '2026-12-03T20:00:00.000Z' };
    expect(overlapText(overlap, 'America/New_York')).toBe('You already have a visit with Dr. Lena Moreau at 3:00 PM');
    expect(overlapText(overlap, 'Europe/Berlin')).toBe('You already have a visit with Dr. Lena Moreau at 9:00 PM');
    expect(overlapText({ ...overlap, startsAt: '2026-12-03T15:30:00.000Z' }, 'UTC')).toBe(
      'You already have a visit with Dr. Lena Moreau at 3:30 PM',
    );
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
