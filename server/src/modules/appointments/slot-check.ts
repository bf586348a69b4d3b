import { eq, sql } from 'drizzle-orm';
import type { ConsultationType } from '@common/constants/consultation-types';
import { shiftDate } from '@common/rules/schedule-rules';
import {
  checkStart,
  daySchedule,
  refusalValues,
  type SlotContext,
  type SlotRefusal,
} from '@common/rules/schedule-slots';
import { fromTwelveHour, wallClock, zonedInstant } from '@common/rules/zoned-time';
import type { Db } from '../../db/client';
import { oncePerDb } from '../../db/once-per-db';
import { appointments, doctors, doctorSchedules, doctorTimeOff, users } from '../../db/schema';
import { localizedError, notFound } from '../../core/errors';
import { listedDoctorSql } from '../listing/rule';
import { lockDoctorSchedule, scheduleFrom, type ScheduleOwner } from '../schedule/store';
import { holdsSlot } from './slot-hold';

const DAY_MS = 86_400_000;
/** Someone else took the slot first (a race, or a hold that appeared since the page loaded). */
export const slotTaken = () => localizedError('conflict', 'errors.slotTaken');
export type SlotDoctor = ScheduleOwner & { userId: string };

const at = (name: string) => sql`${sql.placeholder(name)}::timestamptz`;
/** [start, end) pairs as epoch milliseconds, the form the slot generator takes. */
const epochMs = (column: unknown) => sql`floor(extract(epoch from ${column}) * 1000)::float8`;

/**
 * Everything the slot generator needs about one doctor, in one statement (one round trip and one
 * plan kept per connection, where it used to be four reads): the doctor's zone, old hours and
 * listing, the saved week and rules, the bookings that hold a slot starting in [from, to) but
 * `except`, and the time off overlapping it.
 */
const contextColumns = {
  timeZone: doctors.timeZone,
  availableFrom: doctors.availableFrom,
  availableTo: doctors.availableTo,
  listed: sql<boolean>`(${listedDoctorSql()})`,
  weekly: doctorSchedules.weekly,
  videoMinutes: doctorSchedules.videoMinutes,
  voiceMinutes: doctorSchedules.voiceMinutes,
  inPersonMinutes: doctorSchedules.inPersonMinutes,
  bufferMinutes: doctorSchedules.bufferMinutes,
  minNoticeMinutes: doctorSchedules.minNoticeMinutes,
  horizonDays: doctorSchedules.horizonDays,
  dailyCap: doctorSchedules.dailyCap,
  bookings: sql<[number, number][]>`(select coalesce(json_agg(json_build_array(
      ${epochMs(appointments.startsAt)}, ${appointments.durationMinutes})), '[]'::json)
    from ${appointments}
    where ${appointments.doctorId} = ${doctors.id}
      and ${appointments.startsAt} >= ${at('from')} and ${appointments.startsAt} < ${at('to')}
      and ${holdsSlot(at('now'))}
      and (${sql.placeholder('except')}::uuid is null or ${appointments.id} <> ${sql.placeholder('except')}::uuid))`,
  timeOff: sql<[number, number][]>`(select coalesce(json_agg(json_build_array(
      ${epochMs(doctorTimeOff.startsAt)}, ${epochMs(doctorTimeOff.endsAt)})), '[]'::json)
    from ${doctorTimeOff}
    where ${doctorTimeOff.doctorId} = ${doctors.id}
      and ${doctorTimeOff.endsAt} > ${at('from')} and ${doctorTimeOff.startsAt} < ${at('to')})`,
};

const contextStatement = oncePerDb((db) =>
  db
    .select(contextColumns)
    .from(doctors)
    .innerJoin(users, eq(users.id, doctors.userId))
    .leftJoin(doctorSchedules, eq(doctorSchedules.doctorId, doctors.id))
    .where(eq(doctors.id, sql.placeholder('doctorId')))
    .prepare('slot_context'),
);

/**
 * What the slot generator needs about one doctor around [from, to), and whether the doctor is
 * listed; null when there is no such doctor. A day either side covers the daily cap and a visit's
 * buffer reaching over midnight.
 */
async function readSlotContext(
  db: Db,
  doctorId: string,
  from: Date,
  to: Date,
  now: Date,
  except?: string,
): Promise<(SlotContext & { listed: boolean }) | null> {
  const [row] = await contextStatement(db).execute({
    doctorId,
    from: new Date(from.getTime() - DAY_MS).toISOString(),
    to: new Date(to.getTime() + DAY_MS).toISOString(),
    now: now.toISOString(),
    except: except ?? null,
  });
  if (!row) return null;
  const { weekly, videoMinutes, voiceMinutes, inPersonMinutes, bufferMinutes, minNoticeMinutes, horizonDays } = row;
  const saved =
    weekly === null
      ? null
      : {
          weekly,
          videoMinutes: videoMinutes!,
          voiceMinutes: voiceMinutes!,
          inPersonMinutes: inPersonMinutes!,
          bufferMinutes: bufferMinutes!,
          minNoticeMinutes: minNoticeMinutes!,
          horizonDays: horizonDays!,
          dailyCap: row.dailyCap,
        };
  return {
    listed: row.listed,
    schedule: scheduleFrom(saved, row),
    timeZone: row.timeZone,
    bookings: row.bookings.map(([startsAt, minutes]) => ({ startsAt, minutes })),
    timeOff: row.timeOff.map(([startsAt, endsAt]) => ({ startsAt, endsAt })),
    now,
  };
}

/**
 * What the slot generator needs about one doctor around [from, to): the schedule, the bookings
 * that hold a slot (less `except`, the appointment being moved) and the time off.
 */
export async function slotContext(
  db: Db,
  doctor: Pick<ScheduleOwner, 'id'>,
  from: Date,
  to: Date,
  now: Date,
  except?: string,
): Promise<SlotContext> {
  const found = await readSlotContext(db, doctor.id, from, to, now, except);
  if (!found) throw notFound('Doctor');
  const { listed: _, ...ctx } = found;
  return ctx;
}

/** The same for a listed doctor, read by id alone (the zone comes with it); null for anyone else. */
export async function listedSlotContext(
  db: Db,
  doctorId: string,
  from: Date,
  to: Date,
  now: Date,
): Promise<SlotContext | null> {
  const found = await readSlotContext(db, doctorId, from, to, now);
  if (!found?.listed) return null;
  const { listed: _, ...ctx } = found;
  return ctx;
}

async function doctorName(db: Db, userId: string): Promise<string> {
  const [row] = await db.select({ lastName: users.lastName }).from(users).where(eq(users.id, userId));
  return row?.lastName ? `Dr. ${row.lastName}` : 'The doctor';
}

/**
 * The slot a booking, a move or a proposal asks for, judged by the slot generator under the
 * doctor's lock, so a schedule change and a booking never interleave: call it inside the
 * transaction that then writes the appointment. A refusal is a 400 naming the reason.
 */
export async function bookableSlot(
  tx: Db,
  doctor: SlotDoctor,
  request: { appointmentDate: string; appointmentTime: string; consultationType: ConsultationType; except?: string },
  now: Date,
): Promise<{ startsAt: Date; minutes: number }> {
  const time = fromTwelveHour(request.appointmentTime);
  if (!time)
    throw localizedError('bad_request', 'errors.chooseOneOfferedTime', undefined, {
      appointmentTime: { key: 'errors.field.notBookable' },
    });
  const date = request.appointmentDate;
  await lockDoctorSchedule(tx, doctor.id);
  const dayStart = zonedInstant(date, '00:00', doctor.timeZone);
  const dayEnd = zonedInstant(shiftDate(date, 1), '00:00', doctor.timeZone);
  const ctx = await slotContext(tx, doctor, dayStart, dayEnd, now, request.except);
  // On the day clocks fall back a label can name two slots; the earlier one is meant.
  const slot = daySchedule(ctx, date, request.consultationType).find((s) => s.time === time);
  let refusal: SlotRefusal | null = slot?.blockedBy ?? null;
  if (!slot) {
    const instant = zonedInstant(date, time, doctor.timeZone);
    const back = wallClock(instant, doctor.timeZone);
    if (back.date !== date || back.time !== time) {
      throw localizedError('bad_request', 'errors.timeDoesExistDay', undefined, {
        appointmentTime: { key: 'errors.field.skippedByClockChange' },
      });
    }
    const checked = checkStart(ctx, instant, request.consultationType);
    refusal = checked.ok ? null : checked.reason;
  }
  if (refusal === 'booked' && ctx.bookings.some((b) => b.startsAt === Date.parse(slot!.startsAt))) {
    throw slotTaken();
  }
  if (refusal || !slot) {
    const key = `errors.slot.${refusal ?? 'hours'}` as const;
    const values = refusalValues(await doctorName(tx, doctor.userId), ctx.schedule);
    // The form shows it beside the time too; the error handler says both in the reader's language.
    throw localizedError('bad_request', key, values, { appointmentTime: { key, values } });
  }
  return { startsAt: new Date(slot.startsAt), minutes: slot.minutes };
}
