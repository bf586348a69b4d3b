import { and, asc, eq, gte } from 'drizzle-orm';
import type { Precheck, PrecheckInput } from '@common/schemas/prechecks';
import type { Db } from '../../db/client';
import { appointments, consultationPrechecks, doctors } from '../../db/schema';
import { localizedError } from '../../core/errors';
import { getConsultation } from './service';
import { appointmentsOfDoctor } from '../../policies/appointment';
import { roomSideOf } from '../../policies/consultation';

/** How far back the doctor's list reaches: a result matters around its visit, not for ever. */
const DOCTOR_LIST_SINCE_MS = 24 * 3_600_000;
const DOCTOR_LIST_LIMIT = 200;

type Row = typeof consultationPrechecks.$inferSelect;
const present = (row: Row): Precheck => ({
  appointmentId: row.consultationId,
  role: row.role,
  camera: row.camera,
  microphone: row.microphone,
  network: row.network,
  checkedAt: row.checkedAt.toISOString(),
});

/**
 * A participant's pre-call result, replacing their earlier one for this visit. Anyone else gets
 * the same 404 as for a visit that does not exist; an ended visit takes no more results.
 */
export async function recordPrecheck(
  db: Db,
  userId: string,
  appointmentId: string,
  input: PrecheckInput,
  now: Date,
): Promise<Precheck> {
  const view = await getConsultation(db, userId, appointmentId);
  if (view.consultation.status === 'ended') throw localizedError('conflict', 'errors.consultationEnded');
  const role = roomSideOf({ id: userId }, view);
  const values = { ...input, role, checkedAt: now } as const;
  const [row] = await db
    .insert(consultationPrechecks)
    .values({ consultationId: appointmentId, userId, ...values })
    .onConflictDoUpdate({ target: [consultationPrechecks.consultationId, consultationPrechecks.userId], set: values })
    .returning();
  return present(row);
}

/** Both participants' latest results of one visit, for either participant. */
export async function prechecksOf(db: Db, userId: string, appointmentId: string): Promise<Precheck[]> {
  await getConsultation(db, userId, appointmentId);
  const rows = await db
    .select()
    .from(consultationPrechecks)
    .where(eq(consultationPrechecks.consultationId, appointmentId))
    .orderBy(asc(consultationPrechecks.role));
  return rows.map(present);
}

/** The patients' results of the doctor's visits from a day ago on: what the schedule and the book show. */
export async function doctorPatientPrechecks(db: Db, doctorUserId: string, now: Date): Promise<Precheck[]> {
  const rows = await db
    .select({ precheck: consultationPrechecks })
    .from(consultationPrechecks)
    .innerJoin(appointments, eq(appointments.id, consultationPrechecks.consultationId))
    .innerJoin(doctors, eq(doctors.id, appointments.doctorId))
    .where(
      and(
        appointmentsOfDoctor({ id: doctorUserId }),
        eq(consultationPrechecks.role, 'patient'),
        eq(consultationPrechecks.userId, appointments.patientId),
        gte(appointments.startsAt, new Date(now.getTime() - DOCTOR_LIST_SINCE_MS)),
      ),
    )
    .orderBy(asc(appointments.startsAt))
    .limit(DOCTOR_LIST_LIMIT);
  return rows.map((r) => present(r.precheck));
}
