import { sql, type SQL } from 'drizzle-orm';
import { BOOKING_HORIZON_DAYS, PENDING_HOLD_MINUTES } from '@common/constants/platform';
import { LIVE_APPOINTMENT_STATUSES } from '@common/constants/statuses';
import { SLOT_MINUTES, SLOT_TIMES } from '@common/rules/slots';
import { doctors } from '../../db/schema';
import { paymentNotHolding } from '../payments/appointment-payment';

/**
 * A doctor's next free slot, in SQL, by the same definition as `daySlots` (common/rules/slots.ts)
 * and the availability endpoint: the fixed slot times of each local date in the doctor's zone,
 * inside the doctor's hours when set, that exist that day (no spring-forward gap), start after
 * `now`, lie inside the booking horizon and are not held by a live booking. The statement is
 * built once per shape, so `now` and `until` are SQL expressions bound at execution.
 */
export type Window = { now: SQL; until: SQL };

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const SLOT_MINUTE_LIST = sql.raw(`'{${SLOT_TIMES.map(minutesOf).join(',')}}'::int[]`);
const LIVE = sql.raw(`(${LIVE_APPOINTMENT_STATUSES.map((s) => `'${s}'`).join(', ')})`);

/** "HH:MM…" as minutes of the day, or null when unset or not a time (then it does not restrict). */
const hourMinutes = (column: SQL | typeof doctors.availableFrom | typeof doctors.availableTo) =>
  sql`(case when ${column} ~ '^[0-9]{2}:[0-9]{2}' then substr(${column}, 1, 2)::int * 60 + substr(${column}, 4, 2)::int end)`;

/** A booking that keeps its slot: live, and not an unpaid hold past its time (see bookAppointment). */
const holdsSlot = (now: SQL) => sql`a.status in ${LIVE} and not (
  a.status = 'pending'
  and a.created_at < ${now} - interval '${sql.raw(String(PENDING_HOLD_MINUTES))} minutes'
  and ${paymentNotHolding(sql`a.id`)})`;

/** Candidate slot instants of the doctor of the outer row, local dates today … today + lastDay. */
const candidates = ({ now, until }: Window, lastDay: number) => sql`
  select s.at from (
    select (l.local at time zone ${doctors.timeZone}) as at, l.local
    from generate_series(0, ${sql.raw(String(lastDay))}) as k(day)
    cross join unnest(${SLOT_MINUTE_LIST}) as m(minute)
    cross join lateral (
      select ((${now} at time zone ${doctors.timeZone})::date + k.day) + m.minute * interval '1 minute' as local
    ) l
    where (${hourMinutes(doctors.availableFrom)} is null or m.minute >= ${hourMinutes(doctors.availableFrom)})
      and (${hourMinutes(doctors.availableTo)} is null or m.minute + ${sql.raw(String(SLOT_MINUTES))} <= ${hourMinutes(doctors.availableTo)})
  ) s
  where s.at > ${now} and s.at < ${until}
    and s.at <= ${now} + interval '${sql.raw(String(BOOKING_HORIZON_DAYS))} days'
    and (s.at at time zone ${doctors.timeZone}) = s.local`;

/** Days of the doctor's calendar a window of up to NEXT_AVAILABLE_DAYS (+ a day of zone offset) spans. */
const LAST_DAY = 9;

/**
 * The start of the next free slot of the doctor of the outer row in [now, until), or null.
 * A doctor with no live booking in the window (most) takes the first slot of the schedule, which
 * lies within two local days when the hours allow any; only the others are checked slot by slot.
 */
export const nextAvailableAt = (window: Window) => sql<Date | null>`(case
  when exists (
    select 1 from appointments a
    where a.doctor_id = ${doctors.id} and a.starts_at > ${window.now} and a.starts_at < ${window.until}
      and ${holdsSlot(window.now)}
  ) then (
    select min(c.at) from (${candidates(window, LAST_DAY)}) c
    where not exists (
      select 1 from appointments a where a.doctor_id = ${doctors.id} and a.starts_at = c.at and ${holdsSlot(window.now)}
    )
  )
  else (select min(c.at) from (${candidates(window, 2)}) c)
end)`;
