/** A doctor's week, in the order the editor shows it; keys of the weekly hours. */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

export const VISIT_LENGTHS = [15, 20, 30, 45, 60] as const;
export const DEFAULT_VISIT_MINUTES = 30;
export const BUFFER_MAX_MINUTES = 30;
export const DEFAULT_NOTICE_MINUTES = 120;
export const NOTICE_MAX_MINUTES = 14 * 24 * 60;
/** The default and the most a doctor may choose (the platform's booking horizon). */
export const HORIZON_MAX_DAYS = 180;
export const DAILY_CAP_MAX = 100;
export const MAX_RANGES_PER_DAY = 10;
export const TIME_OFF_MAX_DAYS = 366;
export const TIME_OFF_LABEL_MAX = 80;
/** Ranges of time off one doctor may keep at once, so one account cannot grow the table without end. */
export const TIME_OFF_MAX_ENTRIES = 200;

/** Hours for a doctor who never set any (and the span the old fixed slots covered): Mon–Fri 09:00–17:00. */
export const DEFAULT_DAY_START = '09:00';
export const DEFAULT_DAY_END = '17:00';
