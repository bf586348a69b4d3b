import { and, gt, inArray, lt } from 'drizzle-orm';
import { firstAvailable, type Absence, type Booking } from '@common/rules/schedule-slots';
import type { Db } from '../../db/client';
import { appointments, doctorTimeOff } from '../../db/schema';
import { holdsSlot } from '../appointments/slot-hold';
import { readSchedules, type ScheduleOwner } from '../schedule/store';

const DAY_MS = 86_400_000;

/**
 * Each doctor's first free video slot in [now, until), by the one slot generator (their week,
 * visit length, buffer, notice, horizon, daily cap, time off and the bookings holding a slot): the
 * "next available" the directory shows and filters on. Three reads however many doctors.
 */
export async function nextFreeSlots(
  db: Db,
  owners: readonly (ScheduleOwner & { timeZone: string })[],
  now: Date,
  until: Date,
): Promise<Map<string, number | null>> {
  const found = new Map<string, number | null>();
  if (owners.length === 0) return found;
  const ids = owners.map((o) => o.id);
  // A day either side: the daily cap counts the whole local day, a buffer reaches over midnight.
  const [from, to] = [new Date(now.getTime() - DAY_MS), new Date(until.getTime() + DAY_MS)];
  const [schedules, held, away] = await Promise.all([
    readSchedules(db, owners),
    db
      .select({
        doctorId: appointments.doctorId,
        startsAt: appointments.startsAt,
        minutes: appointments.durationMinutes,
      })
      .from(appointments)
      .where(
        and(
          inArray(appointments.doctorId, ids),
          gt(appointments.startsAt, from),
          lt(appointments.startsAt, to),
          holdsSlot(now),
        ),
      ),
    db
      .select({ doctorId: doctorTimeOff.doctorId, startsAt: doctorTimeOff.startsAt, endsAt: doctorTimeOff.endsAt })
      .from(doctorTimeOff)
      .where(and(inArray(doctorTimeOff.doctorId, ids), gt(doctorTimeOff.endsAt, from), lt(doctorTimeOff.startsAt, to))),
  ]);
  const bookings = new Map<string, Booking[]>();
  for (const b of held) {
    const list = bookings.get(b.doctorId) ?? [];
    bookings.set(b.doctorId, list);
    list.push({ startsAt: b.startsAt.getTime(), minutes: b.minutes });
  }
  const timeOff = new Map<string, Absence[]>();
  for (const a of away) {
    const list = timeOff.get(a.doctorId) ?? [];
    timeOff.set(a.doctorId, list);
    list.push({ startsAt: a.startsAt.getTime(), endsAt: a.endsAt.getTime() });
  }
  const days = Math.ceil((until.getTime() - now.getTime()) / DAY_MS) + 1;
  for (const owner of owners) {
    const ctx = {
      schedule: schedules.get(owner.id)!,
      timeZone: owner.timeZone,
      bookings: bookings.get(owner.id) ?? [],
      timeOff: timeOff.get(owner.id) ?? [],
      now,
    };
    const slot = firstAvailable(ctx, 'video', now, days);
    const at = slot ? Date.parse(slot.startsAt) : null;
    found.set(owner.id, at !== null && at < until.getTime() ? at : null);
  }
  return found;
}
