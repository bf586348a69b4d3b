import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Overlap } from '@common/schemas/appointments';
import type { Db } from '../../db/client';
import { appointments, doctors, users } from '../../db/schema';
import { holdsSlot } from './slot-hold';
import { appointmentsBookedBy } from '../../policies/appointment';

const endsAt = () => sql`${appointments.startsAt} + make_interval(mins => ${appointments.durationMinutes})`;

/**
 * The patient's own appointments, with any doctor, that overlap a visit they are about to book:
 * those that keep their slot (paid, or an unpaid hold still within its time), so a lapsed hold or
 * a cancelled visit warns nobody. Booking stays allowed; the screen asks first.
 */
export async function overlappingAppointments(
  db: Db,
  patientId: string,
  visit: { startsAt: string; endsAt: string },
  now: Date,
): Promise<Overlap[]> {
  const rows = await db
    .select({
      id: appointments.id,
      status: appointments.status,
      startsAt: appointments.startsAt,
      minutes: appointments.durationMinutes,
      timeZone: appointments.timeZone,
      consultationType: appointments.consultationType,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(appointments)
    .innerJoin(doctors, eq(doctors.id, appointments.doctorId))
    .innerJoin(users, eq(users.id, doctors.userId))
    .where(
      and(
        appointmentsBookedBy({ id: patientId }),
        holdsSlot(now),
        lt(appointments.startsAt, new Date(visit.endsAt)),
        sql`${endsAt()} > ${new Date(visit.startsAt).toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(appointments.startsAt))
    .limit(10);
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    startsAt: r.startsAt.toISOString(),
    endsAt: new Date(r.startsAt.getTime() + r.minutes * 60_000).toISOString(),
    timeZone: r.timeZone,
    consultationType: r.consultationType,
    doctorName: `Dr. ${r.firstName} ${r.lastName}`,
  }));
}
