import { describe, expect, it } from 'vitest';
import { canCancel, canJoin, canPropose, canRecordOutcome, canWriteNotes } from './rules';

const NOW = new Date('2026-03-10T15:00:00Z');
const entry = (over: Partial<Parameters<typeof canJoin>[0]> = {}) => ({
  status: 'confirmed' as const,
  startsAt: '2026-03-12T14:00:00Z',
  timeZone: 'America/New_York',
  consultationType: 'video' as const,
  ...over,
});

describe("the appointment book's actions", () => {
  it('offers Join for paid remote consultations only, inside their join window', () => {
    const inWindow = new Date('2026-03-12T13:50:00Z');
    expect(canJoin(entry(), inWindow)).toBe(true);
    expect(canJoin(entry({ consultationType: 'voice' }), inWindow)).toBe(true);
    expect(canJoin(entry({ consultationType: 'in-person' }), inWindow)).toBe(false);
    expect(canJoin(entry({ status: 'pending' }), inWindow)).toBe(false);
    expect(canJoin(entry({ status: 'cancelled' }), inWindow)).toBe(false);
    // Two days ahead, and once the visit is over, there is nothing to join.
    expect(canJoin(entry(), NOW)).toBe(false);
    expect(canJoin(entry(), new Date('2026-03-12T14:30:00Z'))).toBe(false);
  });

  it("offers notes once completed or from the visit's day in the visit's zone", () => {
    expect(canWriteNotes(entry({ status: 'completed', startsAt: '2026-03-01T14:00:00Z' }), NOW)).toBe(true);
    expect(canWriteNotes(entry(), NOW)).toBe(false);
    // 01:00 UTC on the 11th is still the 10th in New York: the same day as now there.
    expect(canWriteNotes(entry({ startsAt: '2026-03-11T01:00:00Z' }), NOW)).toBe(true);
    expect(canWriteNotes(entry({ startsAt: '2026-03-11T05:00:00Z' }), NOW)).toBe(false);
    expect(canWriteNotes(entry({ status: 'pending', startsAt: '2026-03-10T14:00:00Z' }), NOW)).toBe(false);
  });

  it('proposes a new time only for a confirmed appointment still ahead', () => {
    expect(canPropose(entry(), NOW)).toBe(true);
    expect(canPropose(entry({ status: 'pending' }), NOW)).toBe(false);
    expect(canPropose(entry({ startsAt: '2026-03-10T14:30:00Z' }), NOW)).toBe(false);
  });

  it('cancels live appointments that have not started', () => {
    expect(canCancel(entry(), NOW)).toBe(true);
    expect(canCancel(entry({ status: 'pending' }), NOW)).toBe(true);
    expect(canCancel(entry({ status: 'completed' }), NOW)).toBe(false);
    expect(canCancel(entry({ startsAt: '2026-03-10T14:30:00Z' }), NOW)).toBe(false);
  });

  it('records the outcome of a paid in-person or phone visit once it has started', () => {
    const started = { startsAt: '2026-03-10T14:30:00Z' };
    expect(canRecordOutcome(entry({ ...started, consultationType: 'in-person' }), NOW)).toBe(true);
    expect(canRecordOutcome(entry({ ...started, consultationType: 'voice' }), NOW)).toBe(true);
    expect(canRecordOutcome(entry({ ...started, consultationType: 'voice', status: 'scheduled' }), NOW)).toBe(true);
    // From the very minute it starts.
    expect(canRecordOutcome(entry({ startsAt: NOW.toISOString(), consultationType: 'in-person' }), NOW)).toBe(true);
    // A video visit is completed by its room.
    expect(canRecordOutcome(entry(started), NOW)).toBe(false);
    // Not before the start, and never twice or for an unpaid or cancelled booking.
    expect(canRecordOutcome(entry({ startsAt: '2026-03-10T15:01:00Z', consultationType: 'in-person' }), NOW)).toBe(
      false,
    );
    for (const status of ['pending', 'completed', 'cancelled', 'no-show'] as const) {
      expect(canRecordOutcome(entry({ ...started, consultationType: 'in-person', status }), NOW)).toBe(false);
    }
  });
});
