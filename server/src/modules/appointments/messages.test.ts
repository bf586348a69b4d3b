import { describe, expect, it } from 'vitest';
import { partyZonesOf } from '@common/rules/account-zone';
import { localizedWhen } from '../../core/localized-when';

const zones = (patientCountry: string | null, booked: string, patientAccount: string | null = null) =>
  partyZonesOf({ patientAccount, patientCountry, doctorAccount: null, practice: booked, booked });

/** Each side's clock first, the other's beside it where it differs, as the bell and e-mails say it. */
const appointmentWhen = (instant: Date, z: { patient: string; doctor: string }) => ({
  patient: localizedWhen('en', instant, z.patient, z.doctor),
  doctor: localizedWhen('en', instant, z.doctor, z.patient),
});

describe('notification texts name each reader its own clock first', () => {
  it('a doctor in New York and a patient in the United Kingdom, between the two clock changes of March 2026', () => {
    const when = appointmentWhen(new Date('2026-03-08T21:14:00Z'), zones('United Kingdom', 'America/New_York'));
    expect(when.patient).toBe(
      'Sunday, March 8, 2026 at 9:14 PM London time (UTC+0) \u00b7 5:14 PM New York time (UTC\u22124)',
    );
    expect(when.doctor).toBe(
      'Sunday, March 8, 2026 at 5:14 PM New York time (UTC\u22124) \u00b7 9:14 PM London time (UTC+0)',
    );
  });

  it('a patient in India on the day New York falls back', () => {
    const when = appointmentWhen(new Date('2026-11-01T15:00:00Z'), zones('India', 'America/New_York'));
    expect(when.patient).toBe(
      'Sunday, November 1, 2026 at 8:30 PM India time (UTC+5:30) \u00b7 10:00 AM New York time (UTC\u22125)',
    );
  });

  it("the patient's own account zone wins over their country's", () => {
    const when = appointmentWhen(
      new Date('2026-11-26T14:00:00Z'),
      zones('United States', 'America/New_York', 'Europe/Berlin'),
    );
    expect(when.patient).toBe(
      'Thursday, November 26, 2026 at 3:00 PM Berlin time (UTC+1) \u00b7 9:00 AM New York time (UTC\u22125)',
    );
  });

  it("falls back to the doctor's zone when the patient names no country", () => {
    const when = appointmentWhen(new Date('2026-03-29T13:00:00Z'), zones(null, 'Europe/London'));
    expect(when.patient).toBe('Sunday, March 29, 2026 at 2:00 PM London time');
    expect(when.doctor).toBe(when.patient);
  });

  it('the calendar description names the place, not the IANA id', () => {
    expect(localizedWhen('en', new Date('2026-03-29T13:00:00Z'), 'Europe/London')).toBe(
      'Sunday, March 29, 2026 at 2:00 PM London time',
    );
  });
});
