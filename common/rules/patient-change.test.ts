import { describe, expect, it } from 'vitest';
import { CANCEL_WINDOW_HOURS } from '../constants/platform';
import { farEnoughAhead, patientChangeCutoff, patientMayChange } from './patient-change';

const now = new Date('2026-11-24T12:00:00Z');
const hours = (h: number) => new Date(now.getTime() + h * 3_600_000);

describe('patientMayChange: the patient’s 24-hour rule, once', () => {
  it('lets a confirmed appointment more than 24 hours ahead change', () => {
    expect(patientMayChange({ status: 'confirmed', startsAt: hours(25) }, now)).toBe(true);
    expect(patientMayChange({ status: 'confirmed', startsAt: new Date(hours(24).getTime() + 1) }, now)).toBe(true);
  });

  it('refuses exactly 24 hours ahead and anything closer or past', () => {
    expect(patientMayChange({ status: 'confirmed', startsAt: hours(CANCEL_WINDOW_HOURS) }, now)).toBe(false);
    expect(patientMayChange({ status: 'confirmed', startsAt: hours(2) }, now)).toBe(false);
    expect(patientMayChange({ status: 'confirmed', startsAt: hours(-1) }, now)).toBe(false);
  });

  it('refuses every status but confirmed, however far ahead', () => {
    for (const status of ['pending', 'scheduled', 'completed', 'cancelled', 'no-show'] as const)
      expect(patientMayChange({ status, startsAt: hours(100) }, now)).toBe(false);
  });

  it('reads ISO strings as the client has them, and the cutoff is the same instant', () => {
    expect(patientMayChange({ status: 'confirmed', startsAt: hours(30).toISOString() }, now.toISOString())).toBe(true);
    expect(patientChangeCutoff(now).toISOString()).toBe(hours(24).toISOString());
    expect(farEnoughAhead(hours(24), now)).toBe(false);
    expect(farEnoughAhead(hours(24.01), now)).toBe(true);
  });
});
