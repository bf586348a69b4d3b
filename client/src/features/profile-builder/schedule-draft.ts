import { WEEKDAYS, type Weekday } from '@common/constants/schedule';
import { scheduleSchema, type Schedule, type ScheduleRequest } from '@common/schemas/schedule';

/** The schedule as the editor holds it: the request's shape, times as the time inputs give them. */
export type ScheduleDraft = ScheduleRequest & { weekly: Record<Weekday, { start: string; end: string }[]> };

export const scheduleDraftFrom = (schedule: Schedule | ScheduleDraft): ScheduleDraft => ({
  ...schedule,
  visitMinutes: { ...schedule.visitMinutes },
  weekly: Object.fromEntries(
    WEEKDAYS.map((day) => [day, schedule.weekly[day].map((r) => ({ ...r }))]),
  ) as ScheduleDraft['weekly'],
});

export type ScheduleCheck =
  | { ok: true; schedule: ScheduleRequest }
  | { ok: false; days: Partial<Record<Weekday, string>>; fields: Record<string, string>; first: string };

/**
 * The shared schema's verdict, sorted for the editor: range messages by weekday, the rest by
 * field ("visitMinutes.video", "bufferMinutes"). The server gives the same messages.
 */
export function checkSchedule(draft: ScheduleDraft): ScheduleCheck {
  const parsed = scheduleSchema.safeParse(draft);
  if (parsed.success) return { ok: true, schedule: draft };
  const days: Partial<Record<Weekday, string>> = {};
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const [top, second] = issue.path.map(String);
    if (top === 'weekly' && (WEEKDAYS as readonly string[]).includes(second)) days[second as Weekday] ??= issue.message;
    else fields[issue.path.map(String).join('.')] ??= issue.message;
  }
  return { ok: false, days, fields, first: parsed.error.issues[0].message };
}

/** Server `fields` keys ("weekly.mon.0.end", "weekly") sorted the same way. */
export function serverScheduleErrors(fields: Record<string, string>) {
  const days: Partial<Record<Weekday, string>> = {};
  const rest: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields)) {
    const [top, second] = key.split('.');
    if (top === 'weekly' && (WEEKDAYS as readonly string[]).includes(second)) days[second as Weekday] ??= message;
    else rest[key] = message;
  }
  return { days, fields: rest };
}
