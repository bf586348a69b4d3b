import { WEEKDAYS, type Weekday } from '@common/constants/schedule';
import { legacyHours, shiftDate, weekdayOf } from '@common/rules/schedule-rules';
import { daySchedule, type SlotContext } from '@common/rules/schedule-slots';
import type { Schedule, WeeklyHours } from '@common/schemas/schedule';
import { wallClock, zonedInstant } from '@common/rules/zoned-time';
import type { Rng } from './random';
import type { doctorSchedules, doctorTimeOff } from './schema';

type Range = { start: string; end: string };
const on = (days: readonly Weekday[], ranges: Range[]): WeeklyHours =>
  Object.fromEntries(WEEKDAYS.map((d) => [d, days.includes(d) ? ranges : []])) as WeeklyHours;
const WEEKDAYS_ONLY = ['mon', 'tue', 'wed', 'thu', 'fri'] as const;

/** The demo doctor's week: Mon–Fri 09:00–17:00 (New York) with a 12:00–13:00 break. */
export const DEMO_WEEK: Schedule = {
  weekly: on(WEEKDAYS_ONLY, [
    { start: '09:00', end: '12:00' },
    { start: '13:00', end: '17:00' },
  ]),
  visitMinutes: { video: 30, voice: 30, in_person: 30 },
  bufferMinutes: 0,
  minNoticeMinutes: 120,
  horizonDays: 180,
  dailyCap: null,
};

/** Weeks real clinicians keep, with how often each is drawn. */
const PATTERNS: { weight: number; week: () => WeeklyHours }[] = [
  {
    weight: 40,
    week: () =>
      on(WEEKDAYS_ONLY, [
        { start: '09:00', end: '12:30' },
        { start: '13:30', end: '17:00' },
      ]),
  },
  { weight: 15, week: () => on(['mon', 'wed', 'fri'], [{ start: '09:00', end: '13:00' }]) }, // part-time
  { weight: 15, week: () => on(['mon', 'tue', 'wed', 'thu'], [{ start: '16:00', end: '21:00' }]) }, // evenings
  { weight: 15, week: () => on(['mon', 'tue', 'wed', 'thu', 'fri', 'sat'], [{ start: '08:00', end: '14:00' }]) }, // six days
  {
    weight: 15,
    week: () =>
      on(
        ['tue', 'wed', 'thu', 'fri', 'sat'],
        [
          { start: '10:00', end: '14:00' },
          { start: '15:00', end: '19:00' },
        ],
      ),
  },
  // Telehealth on call every day, mornings and evenings: a Sunday visitor still finds someone today.
  {
    weight: 10,
    week: () =>
      on(WEEKDAYS, [
        { start: '07:00', end: '11:00' },
        { start: '17:00', end: '21:00' },
      ]),
  },
];
const TOTAL_WEIGHT = PATTERNS.reduce((sum, p) => sum + p.weight, 0);

/** A believable schedule for a seeded doctor, drawn from its own generator. */
export function buildSchedule(rng: Rng): Schedule {
  let roll = rng.int(1, TOTAL_WEIGHT);
  const pattern = PATTERNS.find((p) => (roll -= p.weight) <= 0)!;
  return {
    weekly: pattern.week(),
    visitMinutes: {
      video: rng.pick([15, 20, 30, 30]),
      voice: rng.pick([15, 20, 30]),
      in_person: rng.pick([30, 45, 60]),
    },
    bufferMinutes: rng.pick([0, 0, 5, 10]),
    minNoticeMinutes: rng.pick([60, 120, 120, 240, 1440]),
    horizonDays: rng.pick([60, 90, 180, 180]),
    dailyCap: rng.chance(0.2) ? rng.int(6, 14) : null,
  };
}

export const scheduleRow = (doctorId: string, s: Schedule): typeof doctorSchedules.$inferInsert => ({
  doctorId,
  weekly: s.weekly,
  videoMinutes: s.visitMinutes.video,
  voiceMinutes: s.visitMinutes.voice,
  inPersonMinutes: s.visitMinutes.in_person,
  bufferMinutes: s.bufferMinutes,
  minNoticeMinutes: s.minNoticeMinutes,
  horizonDays: s.horizonDays,
  dailyCap: s.dailyCap,
});

/** The old single pair, kept in step for old clients. */
export const legacyPair = (s: Schedule) => legacyHours(s.weekly);

/** A few doctors are on holiday: away from a couple of days ago until one to two weeks ahead. */
export function holidayFor(rng: Rng, doctorId: string, now: Date): typeof doctorTimeOff.$inferInsert | null {
  if (!rng.chance(0.04)) return null;
  const day = 86_400_000;
  return {
    doctorId,
    startsAt: new Date(now.getTime() - rng.int(1, 3) * day),
    endsAt: new Date(now.getTime() + rng.int(7, 14) * day),
    label: 'Holiday',
  };
}

/** One whole local day of time off on next week's Wednesday, in the doctor's zone. */
export function dayOffNextWeek(doctorId: string, timeZone: string, now: Date): typeof doctorTimeOff.$inferInsert {
  let date = shiftDate(wallClock(now, timeZone).date, 7);
  while (weekdayOf(date) !== 'wed') date = shiftDate(date, 1);
  return {
    doctorId,
    startsAt: zonedInstant(date, '00:00', timeZone),
    endsAt: zonedInstant(shiftDate(date, 1), '00:00', timeZone),
    label: 'Conference',
  };
}

/**
 * The demo's bookings sit on slots the generator offers: the first slot at `time` on a working
 * day `days` or more ahead (later days when that one is off), so nothing seeded is outside hours.
 */
export function seededSlot(ctx: SlotContext, days: number, time: string): Date {
  const first = wallClock(new Date(ctx.now.getTime() + days * 86_400_000), ctx.timeZone).date;
  for (let i = 0; i < 21; i++) {
    const slot = daySchedule(ctx, shiftDate(first, i), 'video').find((s) => s.time === time);
    if (slot) return new Date(slot.startsAt);
  }
  throw new Error(`no ${time} slot in three weeks`);
}
