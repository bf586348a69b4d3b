import { PLATFORM_FEE_PERCENT } from '@common/constants/platform';
import { and, eq, gt, gte, inArray, isNull, lte, ne, or } from 'drizzle-orm';
import type { RemoteConsultationType } from '@common/constants/consultation-types';
import { DEMO_ACCOUNTS } from '@common/schemas/meta';
import { feeForType } from '@common/rules/fees';
import { SLOT_MINUTES } from '@common/rules/slots';
import { recordPendingEarning } from '../modules/earnings/transitions';
import { ROOM_APPOINTMENT_STATUSES } from '../modules/consultations/participant';
import type { Db } from './client';
import { createAppointment, createPayment } from './factories';
import { appointments, consultations, doctors, users, visitNotes } from './schema';

const WINDOW_MS = 2 * 60 * 60_000;
/** An unstarted demo appointment is reused only if it can still be started for ten minutes. */
const STARTABLE_FOR_MS = (SLOT_MINUTES - 10) * 60_000;

/**
 * Demo mode: make sure the demo patient has a confirmed, paid video (or voice) appointment with the demo
 * doctor that can be started right now, so a newcomer can open the room as both within a minute.
 * Runs at every start; does nothing when a usable one exists: started in the last two hours and
 * not ended, or not started and still startable for a while (a consultation starts at the latest
 * by the end of its slot).
 */
export async function ensureDemoConsultation(
  db: Db,
  type: RemoteConsultationType = 'video',
  now: Date = new Date(),
): Promise<string | null> {
  const [patientAccount, doctorAccount] = DEMO_ACCOUNTS;
  const [patient] = await db.select().from(users).where(eq(users.email, patientAccount.email)).limit(1);
  const [doctorRow] = await db
    .select({ doctor: doctors })
    .from(doctors)
    .innerJoin(users, eq(users.id, doctors.userId))
    .where(eq(users.email, doctorAccount.email))
    .limit(1);
  if (!patient || !doctorRow) return null;
  const doctor = doctorRow.doctor;

  const usable = await db
    .select({ id: appointments.id })
    .from(appointments)
    .leftJoin(consultations, eq(consultations.appointmentId, appointments.id))
    .where(
      and(
        eq(appointments.patientId, patient.id),
        eq(appointments.doctorId, doctor.id),
        eq(appointments.consultationType, type),
        inArray(appointments.status, [...ROOM_APPOINTMENT_STATUSES]),
        gte(appointments.startsAt, new Date(now.getTime() - WINDOW_MS)),
        lte(appointments.startsAt, new Date(now.getTime() + 10 * 60_000)),
        or(
          eq(consultations.status, 'active'),
          and(
            or(isNull(consultations.status), eq(consultations.status, 'waiting')),
            gt(appointments.startsAt, new Date(now.getTime() - STARTABLE_FOR_MS)),
          ),
        ),
      ),
    )
    .limit(1);
  if (usable[0]) return usable[0].id;

  // The latest free minute up to now: not a booking slot, so never one a real booking could want.
  const taken = await db
    .select({ startsAt: appointments.startsAt })
    .from(appointments)
    .where(
      and(
        eq(appointments.doctorId, doctor.id),
        gte(appointments.startsAt, new Date(now.getTime() - WINDOW_MS)),
        ne(appointments.status, 'cancelled'),
      ),
    );
  const takenTimes = new Set(taken.map((row) => row.startsAt.getTime()));
  let minute = Math.floor(now.getTime() / 60_000) * 60_000;
  while (takenTimes.has(minute)) minute -= 60_000;
  const startsAt = new Date(minute);
  const fee = feeForType(doctor, type);
  const appointment = await createAppointment(db, {
    patientId: patient.id,
    doctorId: doctor.id,
    startsAt,
    timeZone: doctor.timeZone,
    consultationType: type,
    fee,
    reasonForVisit: `Demo consultation: try the live ${type} room`,
    status: 'confirmed',
  });
  const payment = await createPayment(db, {
    appointmentId: appointment.id,
    patientId: patient.id,
    purpose: 'appointment',
    amount: fee,
    status: 'succeeded',
  });
  await recordPendingEarning(db, {
    doctorId: doctor.id,
    appointmentId: appointment.id,
    paymentId: payment.id,
    gross: fee,
    feePercent: PLATFORM_FEE_PERCENT,
  });
  return appointment.id;
}

/**
 * Demo mode: the demo patient has one completed video consultation with the demo doctor, a week
 * ago, with a shared after-visit summary. Does nothing once one exists.
 */
export async function ensureDemoVisitSummary(db: Db, now: Date = new Date()): Promise<string | null> {
  const [patientAccount, doctorAccount] = DEMO_ACCOUNTS;
  const [patient] = await db.select().from(users).where(eq(users.email, patientAccount.email)).limit(1);
  const [doctorRow] = await db
    .select({ doctor: doctors })
    .from(doctors)
    .innerJoin(users, eq(users.id, doctors.userId))
    .where(eq(users.email, doctorAccount.email))
    .limit(1);
  if (!patient || !doctorRow) return null;
  const doctor = doctorRow.doctor;
  const [existing] = await db
    .select({ id: visitNotes.appointmentId })
    .from(visitNotes)
    .innerJoin(appointments, eq(appointments.id, visitNotes.appointmentId))
    .where(and(eq(appointments.patientId, patient.id), eq(appointments.doctorId, doctor.id)))
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
  const fee = feeForType(doctor, 'video');
  const appointment = await createAppointment(db, {
    patientId: patient.id,
    doctorId: doctor.id,
    startsAt: new Date(startsAt),
    timeZone: doctor.timeZone,
    consultationType: 'video',
    fee,
    reasonForVisit: 'Sore throat and mild fever for three days',
    status: 'completed',
  });
  await createPayment(db, {
    appointmentId: appointment.id,
    patientId: patient.id,
    purpose: 'appointment',
    amount: fee,
    status: 'succeeded',
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
