import { eq } from 'drizzle-orm';
import type { ConsultationType } from '@common/constants/consultation-types';
import { DEMO_ACCOUNTS } from '@common/schemas/meta';
import { feeForType } from '@common/rules/fees';
import type { Db } from './client';
import { createAppointment, createPayment } from './factories';
import { doctors, users } from './schema';
import { recordSeededSale } from './seed-sale';

/** The demo patient and the demo doctor, or null before the seed has made them. */
export async function findDemoPair(db: Db) {
  const [patientAccount, doctorAccount] = DEMO_ACCOUNTS;
  const [patient] = await db.select().from(users).where(eq(users.email, patientAccount.email)).limit(1);
  const [doctorRow] = await db
    .select({ doctor: doctors })
    .from(doctors)
    .innerJoin(users, eq(users.id, doctors.userId))
    .where(eq(users.email, doctorAccount.email))
    .limit(1);
  if (!patient || !doctorRow) return null;
  return { patient, doctor: doctorRow.doctor };
}

export type DemoPair = NonNullable<Awaited<ReturnType<typeof findDemoPair>>>;

/** A demo appointment paid in full, with the doctor's earning, as a real booking would leave it. */
export async function createPaidDemoAppointment(
  db: Db,
  { patient, doctor }: DemoPair,
  values: { startsAt: Date; type: ConsultationType; reason: string; status: 'confirmed' | 'completed' },
) {
  const fee = feeForType(doctor, values.type);
  const appointment = await createAppointment(db, {
    patientId: patient.id,
    doctorId: doctor.id,
    startsAt: values.startsAt,
    timeZone: doctor.timeZone,
    consultationType: values.type,
    fee,
    reasonForVisit: values.reason,
    status: values.status,
  });
  const payment = await createPayment(db, {
    appointmentId: appointment.id,
    patientId: patient.id,
    purpose: 'appointment',
    amount: fee,
    status: 'succeeded',
  });
  await recordSeededSale(db, payment, appointment);
  return appointment;
}
