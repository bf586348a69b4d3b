import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { BOOKING_HORIZON_DAYS } from '@common/constants/platform';
import { SLOT_MINUTES, SLOT_TIMES } from '@common/rules/slots';
import { appointments, doctors } from '../../db/schema';
import { holdsSlot } from '../appointments/slot-hold';

/**
 * A doctor's next free slot, in SQL, by the same definition as `daySlots` (common/rules/slots.ts)
 * and the availability endpoint: the fixed slot times of each local date in the doctor's zone,
 * inside the doctor's hours when set, that exist that day (no spring-forward gap), start after
 * `now`, lie inside the booking horizon and are not held by a booking (appointments/slot-hold.ts).
 * The statement is built once per shape, so `now` and `until` are SQL expressions bound at execution.
 */
export type Window = { now: SQL; until: SQL };

/** A schedule: what the candidate slots depend on. Unset and empty hours both mean "no limit". */
type Schedule = { zone: SQL; from: SQL; to: SQL };

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const SLOT_MINUTE_LIST = sql.raw(`'{${SLOT_TIMES.map(minutesOf).join(',')}}'::int[]`);

/** "HH:MM…" as minutes of the day, or null when unset or not a time (then it does not restrict). */
const hourMinutes = (column: SQL) =>
  sql`(case when ${column} ~ '^[0-9]{2}:[0-9]{2}' then substr(${column}, 1, 2)::int * 60 + substr(${column}, 4, 2)::int end)`;

/** Candidate slot instants of a schedule, local dates today … today + lastDay. */
const candidates = ({ now, until }: Window, { zone, from, to }: Schedule, lastDay: number) => sql`
  select s.at from (
    select (l.local at time zone ${zone}) as at, l.local
    from generate_series(0, ${sql.raw(String(lastDay))}) as k(day)
    cross join unnest(${SLOT_MINUTE_LIST}) as m(minute)
    cross join lateral (
      select ((${now} at time zone ${zone})::date + k.day) + m.minute * interval '1 minute' as local
    ) l
    where (${hourMinutes(from)} is null or m.minute >= ${hourMinutes(from)})
      and (${hourMinutes(to)} is null or m.minute + ${sql.raw(String(SLOT_MINUTES))} <= ${hourMinutes(to)})
    offset 0 -- computes each instant once; the conditions below name it four times
  ) s
  where s.at > ${now} and s.at < ${until}
    and s.at <= ${now} + interval '${sql.raw(String(BOOKING_HORIZON_DAYS))} days'
    and (s.at at time zone ${zone}) = s.local`;

/** Days of the doctor's calendar a window of up to NEXT_AVAILABLE_DAYS (+ a day of zone offset) spans. */
export const LAST_DAY = 9;

/** The outer row doctor's schedule. */
const own: Schedule = {
  zone: sql`${doctors.timeZone}`,
  from: sql`${doctors.availableFrom}`,
  to: sql`${doctors.availableTo}`,
};

/**
 * The first slot in [now, until) of the outer row doctor's schedule, looked up in `firsts` (a jsonb
 * value nested zone → from → to, worked out by the app once per minute: schedule-firsts.ts). For
 * a doctor no booking holds a slot of in the window (most), that is the next free slot. A schedule
 * missing from `firsts` is worked out here for this doctor alone.
 */
const scheduleFirst = (window: Window, firsts: SQL) => {
  const kept = sql`(${firsts} -> ${doctors.timeZone} -> coalesce(${doctors.availableFrom}, '') -> coalesce(${doctors.availableTo}, ''))`;
  return sql`(case
  when ${kept} is null then (select min(c.at) from (${candidates(window, own, 2)}) c)
  else (select f.at from (select (${kept} #>> '{}')::timestamptz as at) f where f.at < ${window.until})
end)`;
};

// Rendered as `"appointments" "a"` in FROM; its columns as "a"."…".
const a = alias(appointments, 'a');

/**
 * The start of the next free slot of the doctor of the outer row in [now, until), or null. Only
 * doctors with a booking holding a slot in the window are checked slot by slot; the others take
 * their schedule's first slot from `firsts`. `everyDoctor`: the statement judges every matching
 * doctor (the soonest sort, an availability filter) rather than a page of rows.
 */
const inWindow = (window: Window) =>
  sql`${a.startsAt} > ${window.now} and ${a.startsAt} < ${window.until} and ${holdsSlot(window.now, a)}`;

export const nextAvailableAt = (window: Window, firsts: SQL, everyDoctor: boolean) => {
  // Over every doctor, the doctors with bookings in the window are read once into a hashed set;
  // for a page of rows, each doctor's own bookings are probed by index.
  const busy = everyDoctor
    ? sql`${doctors.id} in (select ${a.doctorId} from ${appointments} ${a} where ${inWindow(window)})`
    : sql`exists (select 1 from ${appointments} ${a} where ${a.doctorId} = ${doctors.id} and ${inWindow(window)})`;
  return sql<Date | null>`(case
  when ${busy} then (
    select min(c.at) from (${candidates(window, own, LAST_DAY)}) c
    where not exists (
      select 1 from ${appointments} ${a} where ${a.doctorId} = ${doctors.id} and ${a.startsAt} = c.at and ${holdsSlot(window.now, a)}
    )
  )
  else ${scheduleFirst(window, firsts)}
end)`;
};
