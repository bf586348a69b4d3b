import { and, asc, count, eq, gt, inArray, sql } from 'drizzle-orm';
import { TIME_OFF_MAX_ENTRIES } from '@common/constants/schedule';
import { defaultSchedule, dstGapProblems, legacyHours } from '@common/rules/schedule-rules';
import type { Schedule, TimeOff, TimeOffInput } from '@common/schemas/schedule';
import type { Db } from '../../db/client';
import { doctors, doctorSchedules, doctorTimeOff } from '../../db/schema';
import { badRequest, localizedError, notFound } from '../../core/errors';

type ScheduleRow = typeof doctorSchedules.$inferSelect;
/** What a schedule needs to know about its doctor: the row id, the zone and the old single pair. */
export type ScheduleOwner = Pick<typeof doctors.$inferSelect, 'id' | 'timeZone' | 'availableFrom' | 'availableTo'>;

const fromRow = (row: ScheduleRow): Schedule => ({
  weekly: row.weekly,
  visitMinutes: { video: row.videoMinutes, voice: row.voiceMinutes, in_person: row.inPersonMinutes },
  bufferMinutes: row.bufferMinutes,
  minNoticeMinutes: row.minNoticeMinutes,
  horizonDays: row.horizonDays,
  dailyCap: row.dailyCap,
});

const toRow = (schedule: Schedule) => ({
  weekly: schedule.weekly,
  videoMinutes: schedule.visitMinutes.video,
  voiceMinutes: schedule.visitMinutes.voice,
  inPersonMinutes: schedule.visitMinutes.in_person,
  bufferMinutes: schedule.bufferMinutes,
  minNoticeMinutes: schedule.minNoticeMinutes,
  horizonDays: schedule.horizonDays,
  dailyCap: schedule.dailyCap,
});

/**
 * The schedule a read of `doctor_schedules` columns gives (null when the doctor never saved one,
 * who keeps their old hours on weekdays): for reads that join the table themselves.
 */
export function scheduleFrom(
  row: Omit<ScheduleRow, 'doctorId' | 'version' | 'updatedAt'> | null,
  owner: Pick<ScheduleOwner, 'availableFrom' | 'availableTo'>,
): Schedule {
  return row ? fromRow(row as ScheduleRow) : defaultSchedule(owner.availableFrom, owner.availableTo);
}

/** The doctor's schedule; one who never saved one keeps their old hours on weekdays. */
export async function readSchedule(db: Db, doctor: ScheduleOwner): Promise<Schedule> {
  const [row] = await db.select().from(doctorSchedules).where(eq(doctorSchedules.doctorId, doctor.id)).limit(1);
  return row ? fromRow(row) : defaultSchedule(doctor.availableFrom, doctor.availableTo);
}

/** Many doctors' schedules at once (search cards, the seed's checks), by doctor id. */
export async function readSchedules(db: Db, owners: readonly ScheduleOwner[]): Promise<Map<string, Schedule>> {
  const found = new Map<string, Schedule>();
  if (owners.length === 0) return found;
  const rows = await db
    .select()
    .from(doctorSchedules)
    .where(
      inArray(
        doctorSchedules.doctorId,
        owners.map((o) => o.id),
      ),
    );
  for (const row of rows) found.set(row.doctorId, fromRow(row));
  for (const o of owners) if (!found.has(o.id)) found.set(o.id, defaultSchedule(o.availableFrom, o.availableTo));
  return found;
}

/**
 * The doctor's lock for anything that decides whether a time is bookable: schedule and time-off
 * writes take it, and so does every booking, reschedule and proposal before it reads the slots.
 * One row lock per doctor, so a change and a booking never interleave (docs/schedule.md).
 */
export async function lockDoctorSchedule(tx: Db, doctorId: string): Promise<void> {
  await tx.select({ id: doctors.id }).from(doctors).where(eq(doctors.id, doctorId)).for('no key update');
}

/**
 * Saves the week and its rules. Ranges crossing a daylight-saving gap in the doctor's zone are
 * refused by name. The old single pair follows, so old clients read hours that still make sense.
 * Bookings are never touched: ones now outside the hours are flagged in the doctor's book.
 */
export async function saveSchedule(db: Db, doctor: ScheduleOwner, schedule: Schedule, now: Date): Promise<Schedule> {
  const gaps = dstGapProblems(schedule.weekly, doctor.timeZone, now);
  if (gaps.length > 0) throw badRequest(gaps[0], { weekly: gaps[0] });
  return db.transaction(async (tx) => {
    await lockDoctorSchedule(tx as unknown as Db, doctor.id);
    const values = toRow(schedule);
    const [row] = await tx
      .insert(doctorSchedules)
      .values({ doctorId: doctor.id, ...values })
      .onConflictDoUpdate({
        target: doctorSchedules.doctorId,
        set: { ...values, version: sql`${doctorSchedules.version} + 1`, updatedAt: now },
      })
      .returning();
    await tx.update(doctors).set(legacyHours(schedule.weekly)).where(eq(doctors.id, doctor.id));
    return fromRow(row);
  });
}

const presentTimeOff = (row: typeof doctorTimeOff.$inferSelect): TimeOff => ({
  id: row.id,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt.toISOString(),
  label: row.label,
});

/** The doctor's time off that has not ended yet, soonest first. */
export async function listTimeOff(db: Db, doctorId: string, now: Date): Promise<TimeOff[]> {
  const rows = await db
    .select()
    .from(doctorTimeOff)
    .where(and(eq(doctorTimeOff.doctorId, doctorId), gt(doctorTimeOff.endsAt, now)))
    .orderBy(asc(doctorTimeOff.startsAt));
  return rows.map(presentTimeOff);
}

export async function addTimeOff(db: Db, doctorId: string, input: TimeOffInput, now: Date): Promise<TimeOff> {
  const [start, end] = [new Date(input.startsAt), new Date(input.endsAt)];
  if (end.getTime() <= now.getTime())
    throw localizedError('bad_request', 'errors.timeOffOver', undefined, {
      endsAt: { key: 'errors.field.endInFuture' },
    });
  return db.transaction(async (tx) => {
    await lockDoctorSchedule(tx as unknown as Db, doctorId);
    const [{ kept }] = await tx
      .select({ kept: count() })
      .from(doctorTimeOff)
      .where(and(eq(doctorTimeOff.doctorId, doctorId), gt(doctorTimeOff.endsAt, now)));
    if (kept >= TIME_OFF_MAX_ENTRIES) {
      throw localizedError('bad_request', 'errors.timeOffLimit', { count: TIME_OFF_MAX_ENTRIES });
    }
    const [row] = await tx
      .insert(doctorTimeOff)
      .values({ doctorId, startsAt: start, endsAt: end, label: input.label ?? null })
      .returning();
    return presentTimeOff(row);
  });
}

/** Removes one of the doctor's own ranges; anyone else's is not found. */
export async function removeTimeOff(db: Db, doctorId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockDoctorSchedule(tx as unknown as Db, doctorId);
    const removed = await tx
      .delete(doctorTimeOff)
      .where(and(eq(doctorTimeOff.id, id), eq(doctorTimeOff.doctorId, doctorId)))
      .returning({ id: doctorTimeOff.id });
    if (removed.length === 0) throw notFound('Time off');
  });
}
