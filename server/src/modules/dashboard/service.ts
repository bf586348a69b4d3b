import { and, countDistinct, count, eq, gte, inArray, lt } from 'drizzle-orm';
import type { AppointmentStatus } from '@common/constants/statuses';
import type { DashboardStats } from '@common/schemas/dashboard';
import { doctorViewZone } from '@common/rules/account-zone';
import { wallClock, zonedInstant } from '@common/rules/zoned-time';
import type { Db } from '../../db/client';
import { appointments, users } from '../../db/schema';
import { ownDoctorRow } from '../doctor-record/rows';

/** Appointments that will (or did) happen: paid and not cancelled. */
const LIVE_STATUSES = ['confirmed', 'scheduled', 'completed'] as const satisfies readonly AppointmentStatus[];
/** Shown until the first review, as the doctor cards do. */
const DEFAULT_RATING = 5.0;

/** The next calendar date after "YYYY-MM-DD". */
function nextDate(date: string, days = 1): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** "Today" is the doctor's calendar day in the zone their screens show (decision 047), as the appointment book's. */
export async function dashboardStats(db: Db, userId: string, now = new Date()): Promise<DashboardStats> {
  const doctor = await ownDoctorRow(db, userId);
  if (!doctor) {
    return {
      hasProfile: false,
      profileStatus: null,
      todayAppointments: 0,
      totalPatients: 0,
      upcomingThisWeek: 0,
      averageRating: DEFAULT_RATING,
      timeZone: 'UTC',
    };
  }
  const [account] = await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId));
  const tz = doctorViewZone(account?.timeZone, doctor.timeZone);
  const today = wallClock(now, tz).date;
  const dayStart = zonedInstant(today, '00:00', tz);
  const dayEnd = zonedInstant(nextDate(today), '00:00', tz);
  const weekEnd = new Date(now.getTime() + 7 * 86_400_000);
  const mine = and(eq(appointments.doctorId, doctor.id), inArray(appointments.status, [...LIVE_STATUSES]));

  const [[todayRow], [patientsRow], [weekRow]] = await Promise.all([
    db
      .select({ n: count() })
      .from(appointments)
      .where(and(mine, gte(appointments.startsAt, dayStart), lt(appointments.startsAt, dayEnd))),
    db
      .select({ n: countDistinct(appointments.patientId) })
      .from(appointments)
      .where(mine),
    db
      .select({ n: count() })
      .from(appointments)
      .where(and(mine, gte(appointments.startsAt, now), lt(appointments.startsAt, weekEnd))),
  ]);
  return {
    hasProfile: true,
    profileStatus: doctor.profileStatus,
    todayAppointments: todayRow.n,
    totalPatients: patientsRow.n,
    upcomingThisWeek: weekRow.n,
    averageRating: doctor.averageRating ?? DEFAULT_RATING,
    timeZone: doctor.timeZone,
  };
}
