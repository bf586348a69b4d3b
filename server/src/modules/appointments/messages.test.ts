import { describe, expect, it } from 'vitest';
import { appointmentWhen, whenText } from './messages';

describe('notification texts name each reader its own clock first', () => {
  it('a doctor in New York and a patient in the United Kingdom, between the two clock changes of March 2026', () => {
    const when = appointmentWhen(
      { startsAt: new Date('2026-03-08T21:14:00Z'), timeZone: 'America/New_York' },
      'United Kingdom',
    );
    expect(when.patient).toBe('Sunday, March 8, 2026 at 9:14 PM GMT (5:14 PM EDT in New York)');
    expect(when.doctor).toBe('Sunday, March 8, 2026 at 5:14 PM EDT (9:14 PM GMT in London)');
  });

  it('a patient in India on the day New York falls back', () => {
    const when = appointmentWhen({ startsAt: new Date('2026-11-01T15:00:00Z'), timeZone: 'America/New_York' }, 'India');
    expect(when.patient).toBe('Sunday, November 1, 2026 at 8:30 PM GMT+5:30 (10:00 AM EST in New York)');
    expect(when.doctor).toBe('Sunday, November 1, 2026 at 10:00 AM EST (8:30 PM GMT+5:30 in Kolkata)');
  });

  it("falls back to the doctor's zone when the patient names no country", () => {
    const when = appointmentWhen({ startsAt: new Date('2026-03-29T13:00:00Z'), timeZone: 'Europe/London' }, null);
    expect(when.patient).toBe('Sunday, March 29, 2026 at 2:00 PM GMT+1');
    expect(when.doctor).toBe(when.patient);
  });

  it('the calendar description keeps the IANA name', () => {
    expect(whenText(new Date('2026-03-29T13:00:00Z'), 'Europe/London')).toBe(
      'Sunday, March 29, 2026 at 2:00 PM GMT+1 (Europe/London)',
    );
  });
});
