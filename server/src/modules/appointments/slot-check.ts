import { and, eq, gte, lt, ne } from 'drizzle-orm';
import type { ConsultationType } from '@common/constants/consultation-types';
import { shiftDate } from '@common/rules/schedule-rules';
import {
  checkStart,
  daySchedule,
  refusalMessage,
  type SlotContext,
  type SlotRefusal,
} from '@common/rules/schedule-slots';
import { fromTwelveHour, wallClock, zonedInstant } from '@common/rules/zoned-time';
import { readTogether, type Db } from '../../db/client';
import { appointments, users } from '../../db/schema';
import { badRequest, conflict } from '../../core/errors';
import { lockDoctorSchedule, readSchedule, type ScheduleOwner, timeOffBetween } from '../schedule/store';
import { holdsSlot } from './slot-hold';

const DAY_MS = 86_400_000;
export const SLOT_TAKEN = 'This time slot has just been booked. Please choose another time.';
export type SlotDoctor = ScheduleOwner & { userId: string };

/**
 * What the slot generator needs about one doctor around [from, to): the schedule, the bookings
 * that hold a slot (less `except`, the appointment being moved) and the time off. A day either
 * side covers the daily cap and a visit's buffer reaching over midnight.
 */
export async function slotContext(
  db: Db,
  doctor: ScheduleOwner,
  from: Date,
  to: Date,
  now: Date,
  except?: string,
): Promise<SlotContext> {
  const [start, end] = [new Date(from.getTime() - DAY_MS), new Date(to.getTime() + DAY_MS)];
  const [schedule, booked, timeOff] = await readTogether(db, [
    () => readSchedule(db, doctor),
    () =>
      db
        .select({ startsAt: appointments.startsAt, minutes: appointments.durationMinutes })
        .from(appointments)
        .where(
          and(
            eq(appointments.doctorId, doctor.id),
            gte(appointments.startsAt, start),
            lt(appointments.startsAt, end),
            holdsSlot(now),
            except ? ne(appointments.id, except) : undefined,
          ),
        ),
    () => timeOffBetween(db, doctor.id, start, end),
  ] as const);
  return {
    schedule,
    timeZone: doctor.timeZone,
    bookings: booked.map((b) => ({ startsAt: b.startsAt.getTime(), minutes: b.minutes })),
    timeOff,
    now,
  };
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
    throw badRequest('Please choose one of the offered time slots.', { appointmentTime: 'Not a bookable slot' });
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
      throw badRequest('That time does not exist on that day.', { appointmentTime: 'Skipped by a clock change' });
    }
    const checked = checkStart(ctx, instant, request.consultationType);
    refusal = checked.ok ? null : checked.reason;
  }
  if (refusal === 'booked' && ctx.bookings.some((b) => b.startsAt === Date.parse(slot!.startsAt))) {
    throw conflict(SLOT_TAKEN);
  }
  if (refusal || !slot) {
    const message = refusalMessage(refusal ?? 'hours', await doctorName(tx, doctor.userId), ctx.schedule);
    throw badRequest(message, { appointmentTime: message });
  }
  return { startsAt: new Date(slot.startsAt), minutes: slot.minutes };
}
