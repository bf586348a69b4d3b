import { and, eq } from 'drizzle-orm';
import type { Db } from './client';
import { createPaidDemoAppointment, findDemoPair } from './demo-pair';
import { appointments, visitNotes } from './schema';
import { appointmentsBookedBy } from '../policies/appointment';

/**
 * Demo mode: the demo patient has one completed video consultation with the demo doctor, a week
 * ago, with a shared after-visit summary. Does nothing once one exists.
 */
export async function ensureDemoVisitSummary(db: Db, now: Date = new Date()): Promise<string | null> {
  const pair = await findDemoPair(db);
  if (!pair) return null;
  const { patient, doctor } = pair;
  const [existing] = await db
    .select({ id: visitNotes.appointmentId })
    .from(visitNotes)
    .innerJoin(appointments, eq(appointments.id, visitNotes.appointmentId))
    .where(and(appointmentsBookedBy(patient), eq(appointments.doctorId, doctor.id)))
    .limit(1);
  if (existing) return existing.id;
  // A week ago, on a whole hour, moved back until the doctor's slot is free.
  let startsAt = Math.floor((now.getTime() - 7 * 86_400_000) / 3_600_000) * 3_600_000;
  for (;;) {
    const [taken] = await db
      .select({ id: appointments.id })
      .from(appointments)
      .where(and(eq(appointments.doctorId, doctor.id), eq(appointments.startsAt, new Date(startsAt))))
      .limit(1);
    if (!taken) break;
    startsAt -= 3_600_000;
  }
  const appointment = await createPaidDemoAppointment(db, pair, {
    startsAt: new Date(startsAt),
    type: 'video',
    reason: 'Sore throat and mild fever for three days',
    status: 'completed',
  });
  const sharedAt = new Date(startsAt + 45 * 60_000);
  await db.insert(visitNotes).values({
    appointmentId: appointment.id,
    privateNotes: 'Tonsils red, no exudate. No rash. Recheck if fever lasts past day 5.',
    diagnosis: 'A viral throat infection (pharyngitis). It is not bacterial, so antibiotics would not help.',
    advice:
      'Rest and drink plenty of warm fluids. Paracetamol or ibuprofen can ease the pain and fever. ' +
      'See a doctor sooner if you have trouble swallowing or breathing, or the fever goes above 39 °C.',
    followUpDays: 14,
    sharedAt,
    createdAt: sharedAt,
    updatedAt: sharedAt,
  });
  return appointment.id;
}
