import { describe, expect, it } from 'vitest';
import { timeOffRequest, timeOffText } from './time-off-range';

const NY = 'America/New_York';

describe('time off in the doctor’s zone', () => {
  it('turns whole days into midnight-to-midnight instants, the last day included', () => {
    const body = timeOffRequest(
      { fromDate: '2026-12-24', toDate: '2026-12-26', allDay: true, fromTime: '', toTime: '', label: ' Holiday ' },
      NY,
    );
    expect(body).toEqual({
      startsAt: '2026-12-24T05:00:00.000Z',
      endsAt: '2026-12-27T05:00:00.000Z',
      label: 'Holiday',
    });
    expect(timeOffText(body, NY)).toBe('Thu, Dec 24 – Sat, Dec 26');
  });

  it('keeps a day off across the spring DST change whole (23 hours long)', () => {
    const body = timeOffRequest(
      { fromDate: '2027-03-14', toDate: '2027-03-14', allDay: true, fromTime: '', toTime: '', label: '' },
      NY,
    );
    expect(body).toEqual({ startsAt: '2027-03-14T05:00:00.000Z', endsAt: '2027-03-15T04:00:00.000Z', label: null });
    expect(timeOffText(body, NY)).toBe('Sun, Mar 14, all day');
  });

  it('uses the times given when not all day', () => {
    const body = timeOffRequest(
      { fromDate: '2026-12-02', toDate: '2026-12-02', allDay: false, fromTime: '09:00', toTime: '13:00', label: '' },
      NY,
    );
    expect(body.startsAt).toBe('2026-12-02T14:00:00.000Z');
    expect(body.endsAt).toBe('2026-12-02T18:00:00.000Z');
    expect(timeOffText(body, NY)).toBe('Wed, Dec 2, 9:00 AM – 1:00 PM');
  });

  it('says the days and times in Spanish and Arabic, with their own clocks and the caller’s "all day"', () => {
    const day = { startsAt: '2027-03-14T05:00:00.000Z', endsAt: '2027-03-15T04:00:00.000Z' };
    expect(timeOffText(day, NY, 'es', (d) => `${d}, todo el día`)).toBe('dom, 14 mar, todo el día');
    const hours = { startsAt: '2026-12-02T14:00:00.000Z', endsAt: '2026-12-02T18:00:00.000Z' };
    expect(timeOffText(hours, NY, 'es')).toBe('mié, 2 dic, 9:00 – 13:00');
    expect(timeOffText(hours, NY, 'ar')).toBe('الأربعاء، 2 ديسمبر، 9:00 ص – 1:00 م');
  });
});
