import { sql } from 'drizzle-orm';
import type { Booking } from '@common/rules/schedule-slots';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { appointments } from '../../db/schema';
import { holdsSlot } from '../appointments/slot-hold';

/** Bookings that hold a slot, by doctor, in time order, and the booking feed's version they include. */
export type HeldBookings = { byDoctor: Map<string, Booking[]>; upto: bigint };

type Row = { doctorId: string | null; startsAt: number | null; minutes: number | null; upto: string | null };

/**
 * Whether an appointment holds a slot (appointments/slot-hold.ts) judged at `now`, starting in
 * (from, to): a day either side of the widest window, since a visit's buffer and the daily cap
 * reach that far.
 */
const heldIn = (now: Date, from: Date, to: Date) =>
  sql`${appointments.startsAt} > ${from.toISOString()}::timestamptz
    and ${appointments.startsAt} < ${to.toISOString()}::timestamptz and ${holdsSlot(now)}`;

/**
 * Every booking that holds a slot in (from, to), and the last version of `booking_changes`
 * (migration 0063) they include: one statement, so one snapshot.
 */
export async function allHeldBookings(db: Db, now: Date, from: Date, to: Date): Promise<HeldBookings> {
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select null::uuid as "doctorId", null::float8 as "startsAt", null::int as minutes,
        (select coalesce(max(version), 0) from booking_changes)::text as upto
      union all
      select ${appointments.doctorId}, (extract(epoch from ${appointments.startsAt}) * 1000)::float8,
        ${appointments.durationMinutes}, null
      from ${appointments} where ${heldIn(now, from, to)}`),
  );
  return collect(rows, new Map(), 0n);
}

/**
 * The bookings of each doctor logged in `booking_changes` after version `after` (an empty list
 * for a doctor who no longer has any), and the last version read: what a search's next free slots
 * need after bookings moved, in one statement whatever the number of doctors.
 */
export async function changedHeldBookings(
  db: Db,
  after: bigint,
  now: Date,
  from: Date,
  to: Date,
): Promise<HeldBookings> {
  const rows = rowsOf<Row>(
    await db.execute(sql`
      with c as (
        select doctor_id, max(version) as v from booking_changes where version > ${String(after)}::bigint
        group by doctor_id
      )
      select c.doctor_id as "doctorId", (extract(epoch from ${appointments.startsAt}) * 1000)::float8 as "startsAt",
        ${appointments.durationMinutes} as minutes, c.v::text as upto
      from c left join ${appointments} on ${appointments.doctorId} = c.doctor_id and ${heldIn(now, from, to)}`),
  );
  const byDoctor = new Map<string, Booking[]>();
  for (const row of rows) if (row.doctorId !== null && !byDoctor.has(row.doctorId)) byDoctor.set(row.doctorId, []);
  return collect(rows, byDoctor, after);
}

function collect(rows: Row[], byDoctor: Map<string, Booking[]>, after: bigint): HeldBookings {
  let upto = after;
  for (const { doctorId, startsAt, minutes, upto: version } of rows) {
    if (version !== null && BigInt(version) > upto) upto = BigInt(version);
    if (doctorId === null || startsAt === null || minutes === null) continue;
    const list = byDoctor.get(doctorId) ?? [];
    byDoctor.set(doctorId, list);
    list.push({ startsAt, minutes });
  }
  // In time order, so two reads of the same bookings compare equal.
  for (const list of byDoctor.values()) list.sort((a, b) => a.startsAt - b.startsAt || a.minutes - b.minutes);
  return { byDoctor, upto };
}
