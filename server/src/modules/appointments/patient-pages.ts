import { and, asc, eq, inArray, not, sql, type SQL } from 'drizzle-orm';
import { LIVE_APPOINTMENT_STATUSES } from '@common/constants/statuses';
import type { AppointmentPageQuery, PatientAppointmentPage, SeenDoctor } from '@common/schemas/appointment-pages';
import type { Db } from '../../db/client';
import { appointments, doctors, users } from '../../db/schema';
import { appointmentsBookedBy } from '../../policies/appointment';
import { paidVisitBetween } from '../../policies/care-relation';
import { afterCursor, pageOf } from './page-cursor';
import { loadAppointments } from './queries';

/**
 * Still to come for the patient: a live booking whose end (start + its length) is after `now`.
 * The SQL form of isUpcomingVisit (common/rules/upcoming-visit.ts), which the screens group by;
 * patient-pages.test.ts holds the two to one answer on each edge of the rule.
 */
export const upcomingForPatient = (now: Date): SQL =>
  and(
    inArray(appointments.status, [...LIVE_APPOINTMENT_STATUSES]),
    sql`${appointments.startsAt} + make_interval(mins => ${appointments.durationMinutes}) > ${now.toISOString()}::timestamptz`,
  )!;

/**
 * One page of the patient's appointments: upcoming ones soonest first, or past and closed ones
 * (over, cancelled, released) latest first. A patient of many years gets a page, not every visit.
 */
export async function patientAppointmentPage(
  db: Db,
  patientId: string,
  q: AppointmentPageQuery,
  now: Date,
): Promise<PatientAppointmentPage> {
  const upcoming = upcomingForPatient(now);
  const rows = await loadAppointments(
    db,
    and(
      appointmentsBookedBy({ id: patientId }),
      q.when === 'upcoming' ? upcoming : not(upcoming),
      afterCursor(q.when, q.cursor),
    ),
    { order: q.when === 'upcoming' ? 'asc' : 'desc', limit: q.limit + 1 },
  );
  const { page, nextCursor } = pageOf(rows, q.limit);
  return { items: page, nextCursor };
}

/**
 * The doctors this patient has had a paid visit with, once each, by name: whom they may write to
 * or share a document with (policies/care-relation.ts has the rule; the server checks it again
 * on every message and share).
 */
export async function doctorsSeenBy(db: Db, patientId: string): Promise<SeenDoctor[]> {
  // The patient's own doctors first (their index), so the rule is asked of a handful, not of every doctor.
  const booked = db
    .selectDistinct({ id: appointments.doctorId })
    .from(appointments)
    .where(appointmentsBookedBy({ id: patientId }));
  return db
    .select({
      doctorId: doctors.id,
      firstName: users.firstName,
      lastName: users.lastName,
      specialty: doctors.specialty,
    })
    .from(doctors)
    .innerJoin(users, eq(users.id, doctors.userId))
    .where(and(inArray(doctors.id, booked), paidVisitBetween(patientId, doctors.id)))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(doctors.id));
}
