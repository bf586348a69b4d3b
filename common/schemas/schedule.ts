import { z } from 'zod';
import {
  BUFFER_MAX_MINUTES,
  DAILY_CAP_MAX,
  HORIZON_MAX_DAYS,
  MAX_RANGES_PER_DAY,
  NOTICE_MAX_MINUTES,
  TIME_OFF_LABEL_MAX,
  TIME_OFF_MAX_DAYS,
  VISIT_LENGTHS,
  WEEKDAYS,
  WEEKDAY_NAMES,
} from '../constants/schedule';
import { clockMinutes } from '../rules/clock-minutes';
import { fieldText, typedText } from '../i18n/field-text';
import { safeString, text } from './text';

const clockPattern = /^([01]\d|2[0-3]):[0-5]\d$/;
const endPattern = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

/** One working range on a weekday, wall-clock in the doctor's zone; "24:00" ends at midnight. */
export const hoursRangeSchema = z.object({
  start: safeString('Start', 5).regex(clockPattern, fieldText('fields.hours.startFormat')),
  end: safeString('End', 5).regex(endPattern, fieldText('fields.hours.endFormat')),
});
export type HoursRange = z.infer<typeof hoursRangeSchema>;

/** A day's ranges: each ends after it starts, none overlap, at most ten. */
const dayRanges = (day: (typeof WEEKDAYS)[number]) =>
  z
    .array(hoursRangeSchema, { error: fieldText('fields.hours.list', { day: WEEKDAY_NAMES[day] }) })
    .max(MAX_RANGES_PER_DAY, fieldText('fields.hours.max', { day: WEEKDAY_NAMES[day], count: MAX_RANGES_PER_DAY }))
    .superRefine((ranges, ctx) => {
      ranges.forEach((range, i) => {
        if (clockMinutes(range.end) <= clockMinutes(range.start)) {
          ctx.addIssue({
            code: 'custom',
            path: [i, 'end'],
            message: typedText('fields.hours.order', { day: WEEKDAY_NAMES[day], start: range.start, end: range.end }),
          });
        }
      });
      const sorted = [...ranges].sort((a, b) => clockMinutes(a.start) - clockMinutes(b.start));
      for (let i = 1; i < sorted.length; i++) {
        if (clockMinutes(sorted[i].start) < clockMinutes(sorted[i - 1].end)) {
          const [a, b] = [sorted[i - 1], sorted[i]];
          ctx.addIssue({
            code: 'custom',
            message: typedText('fields.hours.overlap', {
              day: WEEKDAY_NAMES[day],
              aStart: a.start,
              aEnd: a.end,
              bStart: b.start,
              bEnd: b.end,
            }),
          });
        }
      }
    })
    .transform((ranges) => [...ranges].sort((a, b) => clockMinutes(a.start) - clockMinutes(b.start)));

export const weeklyHoursSchema = z.object(
  Object.fromEntries(WEEKDAYS.map((day) => [day, dayRanges(day)])) as {
    [D in (typeof WEEKDAYS)[number]]: ReturnType<typeof dayRanges>;
  },
  { error: fieldText('fields.hours.everyDay') },
);
export type WeeklyHours = z.output<typeof weeklyHoursSchema>;

const visitLength = (label: string) =>
  z
    .number({ error: fieldText('fields.visits.pick', { label }) })
    .refine((v) => (VISIT_LENGTHS as readonly number[]).includes(v), {
      error: fieldText('fields.visits.lengths', {
        label,
        lengths: VISIT_LENGTHS.slice(0, -1).join(', '),
        last: VISIT_LENGTHS.at(-1)!,
      }),
    });

const wholeNumber = (label: string, min: number, max: number, unit: string) =>
  z
    .number({ error: fieldText('fields.number.whole', { label, unit }) })
    .int(fieldText('fields.number.whole', { label, unit }))
    .min(min, fieldText('fields.number.min', { label, min, unit }))
    .max(max, fieldText('fields.number.max', { label, max, unit }));

/** `GET`/`PUT /api/doctors/profile/schedule`. */
export const scheduleSchema = z.object({
  weekly: weeklyHoursSchema,
  visitMinutes: z.object({
    video: visitLength('Video'),
    voice: visitLength('Voice'),
    in_person: visitLength('In-person'),
  }),
  bufferMinutes: wholeNumber('Buffer', 0, BUFFER_MAX_MINUTES, 'minutes'),
  minNoticeMinutes: wholeNumber('Notice', 0, NOTICE_MAX_MINUTES, 'minutes'),
  horizonDays: wholeNumber('Booking horizon', 1, HORIZON_MAX_DAYS, 'days'),
  dailyCap: wholeNumber('Daily cap', 1, DAILY_CAP_MAX, 'visits').nullable(),
});
export type Schedule = z.output<typeof scheduleSchema>;

const range = z.object({ start: z.string(), end: z.string() });
/** The schedule as the server answers it (already checked when saved). */
export const scheduleReplySchema = z.object({
  weekly: z.object(
    Object.fromEntries(WEEKDAYS.map((day) => [day, z.array(range)])) as Record<
      (typeof WEEKDAYS)[number],
      z.ZodArray<typeof range>
    >,
  ),
  visitMinutes: z.object({ video: z.number(), voice: z.number(), in_person: z.number() }),
  bufferMinutes: z.number(),
  minNoticeMinutes: z.number(),
  horizonDays: z.number(),
  dailyCap: z.number().nullable(),
});
export type ScheduleRequest = z.input<typeof scheduleSchema>;

const instant = (label: string) =>
  safeString(label, 40)
    .refine((v) => z.iso.datetime({ offset: true }).safeParse(v).success, {
      error: fieldText('fields.timeOff.format', { label }),
      abort: true,
    })
    .refine(
      (v) => {
        const year = new Date(v).getUTCFullYear();
        return year >= 2000 && year <= 2100;
      },
      { error: fieldText('fields.timeOff.years', { label }) },
    );

/** `POST /api/doctors/profile/time-off`: an instant range with an optional private label. */
export const timeOffRequestSchema = z
  .object({
    startsAt: instant('Start'),
    endsAt: instant('End'),
    label: text('Label', {
      max: TIME_OFF_LABEL_MAX,
      tooLong: fieldText('fields.timeOff.labelTooLong', { max: TIME_OFF_LABEL_MAX }),
    })
      .nullish()
      .transform((v) => v || null),
  })
  .superRefine(({ startsAt, endsAt }, ctx) => {
    const [start, end] = [Date.parse(startsAt), Date.parse(endsAt)];
    if (Number.isNaN(start) || Number.isNaN(end)) return;
    if (!(end > start)) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: fieldText('fields.timeOff.order') });
    } else if (end - start > TIME_OFF_MAX_DAYS * 86_400_000) {
      ctx.addIssue({
        code: 'custom',
        path: ['endsAt'],
        message: fieldText('fields.timeOff.tooLong'),
      });
    }
  });
export type TimeOffRequest = z.input<typeof timeOffRequestSchema>;
export type TimeOffInput = z.output<typeof timeOffRequestSchema>;

export const timeOffSchema = z.object({
  id: z.uuid(),
  startsAt: z.string(),
  endsAt: z.string(),
  label: z.string().nullable(),
});
export type TimeOff = z.infer<typeof timeOffSchema>;
export const timeOffListSchema = z.array(timeOffSchema);
export const timeOffParamsSchema = z.object({ id: z.uuid({ error: fieldText('fields.timeOff.id') }) });
