import { describe, expect, it } from 'vitest';
import type { AppointmentStatus } from '@common/schemas/appointments';
import { upcomingAppointments, upcomingWhen } from './upcoming-appointments';

const at = (iso: string, status: AppointmentStatus = 'confirmed', id = iso) => ({
  id,
  status,
  appointmentDate: iso.slice(0, 10),
  appointmentTime: '09:00 AM',
  startsAt: iso,
});

describe('upcomingAppointments', () => {
  it('keeps open appointments not over yet, soonest first, at most 3', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    const list = [
      at('2026-03-20T09:00:00Z'),
      at('2026-03-09T09:00:00Z'),
      at('2026-03-12T09:00:00Z', 'cancelled'),
      // Earlier today and over: no longer upcoming, though dated today.
      at('2026-03-10T08:00:00Z'),
      // Under way: still upcoming until its end.
      at('2026-03-10T11:45:00Z'),
      at('2026-03-11T09:00:00Z', 'pending'),
      at('2026-03-15T09:00:00Z'),
    ];
    expect(upcomingAppointments(list, now).map((a) => a.startsAt)).toEqual([
      '2026-03-10T11:45:00Z',
      '2026-03-11T09:00:00Z',
      '2026-03-15T09:00:00Z',
    ]);
  });
});

describe('upcomingWhen', () => {
  const visit = { startsAt: '2026-03-29T13:00:00Z', timeZone: 'America/New_York' };
  it("states the viewer's clock first and the doctor's where it differs, across London's clock change", () => {
    const before = new Date('2026-03-20T12:00:00Z');
    expect(upcomingWhen(visit, 'Europe/London', before)).toBe(
      'Sun, Mar 29 at 2:00 PM London time (UTC+1) \u00b7 9:00 AM New York time (UTC\u22124)',
    );
    expect(upcomingWhen(visit, 'Asia/Kolkata', before)).toBe(
      'Sun, Mar 29 at 6:30 PM India time (UTC+5:30) \u00b7 9:00 AM New York time (UTC\u22124)',
    );
    expect(upcomingWhen(visit, 'America/New_York', before)).toBe('Sun, Mar 29 at 9:00 AM New York time');
  });

  it('says Tomorrow for the next calendar day in the viewer zone', () => {
    expect(upcomingWhen(visit, 'America/New_York', new Date('2026-03-28T15:00:00Z'))).toBe(
      'Tomorrow at 9:00 AM New York time',
    );
  });
});
