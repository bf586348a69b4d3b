import { describe, expect, it } from 'vitest';
import { canJoinVisit, joinPhase, joinWindow, visitNotOver } from './join-window';

const start = '2026-03-10T14:00:00.000Z';
const at = (minutesFromStart: number) => new Date(Date.parse(start) + minutesFromStart * 60_000);
const video = { status: 'confirmed', consultationType: 'video', startsAt: start, durationMinutes: 30 };

describe('the join window', () => {
  it('opens 15 minutes before the start and closes at the end of the visit', () => {
    expect(joinWindow(video)).toEqual({ opensAt: at(-15), closesAt: at(30) });
    expect(joinPhase(video, at(-15.01))).toBe('not-yet');
    expect(joinPhase(video, at(-15))).toBe('open');
    expect(joinPhase(video, at(29.99))).toBe('open');
    expect(joinPhase(video, at(30))).toBe('over');
  });

  it('follows the visit length, and the default slot when a reply has none', () => {
    expect(joinPhase({ startsAt: start, durationMinutes: 60 }, at(45))).toBe('open');
    expect(joinPhase({ startsAt: start, durationMinutes: 15 }, at(20))).toBe('over');
    expect(joinPhase({ startsAt: start }, at(29))).toBe('open');
  });

  it('never offers Join for a visit whose time has passed, however it is stored', () => {
    expect(canJoinVisit(video, at(0))).toBe(true);
    expect(canJoinVisit(video, at(31))).toBe(false);
    expect(canJoinVisit(video, at(60 * 24 * 3))).toBe(false);
    expect(canJoinVisit(video, at(-16))).toBe(false);
  });

  it('only for a paid remote visit', () => {
    expect(canJoinVisit({ ...video, consultationType: 'voice' }, at(0))).toBe(true);
    expect(canJoinVisit({ ...video, status: 'scheduled' }, at(0))).toBe(true);
    for (const status of ['pending', 'completed', 'cancelled', 'no-show'])
      expect(canJoinVisit({ ...video, status }, at(0)), status).toBe(false);
    expect(canJoinVisit({ ...video, consultationType: 'in-person' }, at(0))).toBe(false);
  });

  it('keeps directions and the calendar file until the visit is over', () => {
    expect(visitNotOver(video, at(-600))).toBe(true);
    expect(visitNotOver(video, at(29))).toBe(true);
    expect(visitNotOver(video, at(30))).toBe(false);
  });
});
