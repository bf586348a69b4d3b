import { describe, expect, it } from 'vitest';
import { checkSchedule, scheduleDraftFrom, serverScheduleErrors, type ScheduleDraft } from './schedule-draft';
import { copyMondayToWeekdays, nextRange } from './weekly-hours-editor';

const week = (mon: ScheduleDraft['weekly']['mon']): ScheduleDraft => ({
  weekly: { mon, tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] },
  visitMinutes: { video: 30, voice: 30, in_person: 30 },
  bufferMinutes: 0,
  minNoticeMinutes: 120,
  horizonDays: 180,
  dailyCap: null,
});

describe('weekly hours editor', () => {
  it('adds a full day to an empty day and a range an hour after the last one otherwise', () => {
    expect(nextRange([])).toEqual({ start: '09:00', end: '17:00' });
    expect(nextRange([{ start: '09:00', end: '12:00' }])).toEqual({ start: '13:00', end: '15:00' });
    expect(nextRange([{ start: '18:00', end: '23:30' }])).toEqual({ start: '22:00', end: '23:59' });
  });

  it("copies Monday's ranges to Tuesday–Friday and leaves the weekend alone", () => {
    const draft = week([
      { start: '09:00', end: '12:00' },
      { start: '13:00', end: '17:00' },
    ]);
    draft.weekly.sat = [{ start: '10:00', end: '14:00' }];
    const copied = copyMondayToWeekdays(draft.weekly);
    for (const day of ['tue', 'wed', 'thu', 'fri'] as const) expect(copied[day]).toEqual(draft.weekly.mon);
    expect(copied.sat).toEqual([{ start: '10:00', end: '14:00' }]);
    expect(copied.sun).toEqual([]);
    // Copies, not shared objects: editing Tuesday later must not move Monday.
    expect(copied.tue[0]).not.toBe(copied.mon[0]);
  });

  it('names the day of overlapping or backwards ranges before anything is sent', () => {
    const overlapping = checkSchedule(
      week([
        { start: '09:00', end: '12:00' },
        { start: '11:00', end: '13:00' },
      ]),
    );
    expect(overlapping.ok).toBe(false);
    if (!overlapping.ok) expect(overlapping.days.mon).toMatch(/^Monday: 09:00–12:00 and 11:00–13:00 overlap/);
    const backwards = checkSchedule(week([{ start: '17:00', end: '09:00' }]));
    if (!backwards.ok) expect(backwards.days.mon).toMatch(/Monday 17:00–09:00: the end must be after the start/);
    expect(backwards.ok).toBe(false);
    expect(checkSchedule(week([{ start: '09:00', end: '17:00' }])).ok).toBe(true);
  });

  it("sorts the server's field keys into days and other fields", () => {
    expect(serverScheduleErrors({ 'weekly.tue.0.end': 'Tuesday: bad', bufferMinutes: 'Buffer: at most 30' })).toEqual({
      days: { tue: 'Tuesday: bad' },
      fields: { bufferMinutes: 'Buffer: at most 30' },
    });
  });

  it('keeps an editable copy of the saved schedule', () => {
    const saved = week([{ start: '09:00', end: '17:00' }]);
    const draft = scheduleDraftFrom(saved);
    draft.weekly.mon[0].end = '12:00';
    expect(saved.weekly.mon[0].end).toBe('17:00');
  });
});
