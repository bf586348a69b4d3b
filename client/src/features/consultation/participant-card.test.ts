import { describe, expect, it } from 'vitest';
import type { Consultation } from '@common/schemas/consultations';
import { participantRows } from './participant-card';

const appointment = (startsAt: string): Consultation['appointment'] => ({
  id: '00000000-0000-4000-8000-000000000001',
  status: 'confirmed',
  consultationType: 'video',
  reasonForVisit: 'Follow-up',
  appointmentDate: startsAt.slice(0, 10),
  appointmentTime: 'unused',
  startsAt,
  timeZone: 'America/New_York',
  fee: 12000,
  paymentStatus: 'succeeded',
});

const row = (rows: [string, string][], label: string) => rows.find(([l]) => l === label)?.[1];

describe("the room's information card shows the viewer's own clock", () => {
  it('a patient in London sees 9:14 PM, with the doctor in New York named (US clocks already changed)', () => {
    const rows = participantRows(appointment('2026-03-08T21:14:00Z'), 'Europe/London');
    expect(row(rows, 'Date')).toBe('Sunday, March 8, 2026');
    expect(row(rows, 'Time')).toBe('9:14 PM London time (UTC+0) \u00b7 5:14 PM New York time (UTC\u22124)');
  });

  it('a patient in Kolkata sees the next day', () => {
    const rows = participantRows(appointment('2026-11-01T21:14:00Z'), 'Asia/Kolkata');
    expect(row(rows, 'Date')).toBe('Monday, November 2, 2026');
    expect(row(rows, 'Time')).toBe('2:44 AM India time (UTC+5:30) \u00b7 Sun 4:14 PM New York time (UTC\u22125)');
  });

  it('the doctor in New York sees one time', () => {
    const rows = participantRows(appointment('2026-03-29T20:14:00Z'), 'America/New_York');
    expect(row(rows, 'Time')).toBe('4:14 PM New York time');
  });
});
