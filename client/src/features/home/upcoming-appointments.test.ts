import { describe, expect, it } from 'vitest';
import type { AppointmentStatus } from '@common/schemas/appointments';
import { upcomingAppointments } from './upcoming-appointments';

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
