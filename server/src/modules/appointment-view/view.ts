import { eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PaymentStatus } from '@common/constants/statuses';
import { partyZonesOf } from '@common/rules/account-zone';
import type { Db } from '../../db/client';
import { appointments, doctors, payments, users } from '../../db/schema';
import { patientCountry } from '../../policies/patient-record';

/** Where a refunded part went: back to the card it came from, or into the patient's Medora wallet. */
export type RefundDestination = 'card' | 'wallet';
/** A card part the processor would not return ends `failed` (payments' refund_failed, decision 072). */
export type RefundPart = { to: RefundDestination; amount: number; status: 'pending' | 'succeeded' | 'failed' };

/** How an appointment's payment was split and what came back where (all integer cents). */
export type PaymentSplit = {
  id: string;
  status: PaymentStatus;
  amount: number;
  card: number;
  wallet: number;
  refunds: RefundPart[];
  /** Everything returned or on its way back, whatever the destination. */
  refunded: number;
};

type Person = {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  language: string | null;
  deleted: boolean;
  /** The zone this person reads the appointment in (decision 047). */
  zone: string;
};

/** One appointment as every reader of its parties sees it: mail, bell, receipts, calendars, consoles. */
export type AppointmentView = {
  id: string;
  status: typeof appointments.$inferSelect.status;
  consultationType: typeof appointments.$inferSelect.consultationType;
  startsAt: Date;
  durationMinutes: number;
  endsAt: Date;
  /** The zone it was booked in (the doctor's practice then). */
  bookedZone: string;
  calendarSequence: number;
  updatedAt: Date;
  cancellationReason: string | null;
  fee: number;
  patient: Person & { country: string | null };
  doctor: Person & {
    doctorId: string;
    specialty: string;
    officeAddress: string | null;
    location: string;
    country: string;
    practiceZone: string;
  };
  payment: PaymentSplit | null;
};

/**
 * The refunded parts of a payment: the wallet part goes back to the wallet when the refund starts;
 * the card part is pending at the processor until it reports the refund done, or failed when it
 * would not (then owed to the patient in the administrators' queue).
 */
export function refundParts(p: { status: string; amount: number; walletAmount: number; refundedAmount: number }) {
  const card = p.amount - p.walletAmount;
  if (p.status !== 'refund_pending' && p.status !== 'refunded' && p.status !== 'refund_failed') return [];
  const parts: RefundPart[] = [];
  if (p.walletAmount > 0) parts.push({ to: 'wallet', amount: p.walletAmount, status: 'succeeded' });
  // The card part is what the card was charged (the processor's own figure may count the whole intent).
  const cardStatus = p.status === 'refunded' ? 'succeeded' : p.status === 'refund_failed' ? 'failed' : 'pending';
  if (card > 0) parts.push({ to: 'card', amount: card, status: cardStatus });
  return parts;
}

export function paymentSplit(p: {
  id: string;
  status: PaymentStatus;
  amount: number;
  walletAmount: number;
  refundedAmount: number;
}): PaymentSplit {
  const refunds = refundParts(p);
  return {
    id: p.id,
    status: p.status,
    amount: p.amount,
    card: p.amount - p.walletAmount,
    wallet: p.walletAmount,
    refunds,
    refunded: refunds.reduce((sum, r) => sum + r.amount, 0),
  };
}

const patientUser = alias(users, 'view_patient');
const doctorUser = alias(users, 'view_doctor_user');

/** The view's one query; `where` may name the appointment, its doctor (`doctors`) and its payment (`payments`). */
function viewRows(tx: Db, where: SQL | undefined) {
  return (
    tx
      .select({
        a: appointments,
        patient: {
          id: patientUser.id,
          firstName: patientUser.firstName,
          lastName: patientUser.lastName,
          email: patientUser.email,
          language: patientUser.language,
          deletedAt: patientUser.deletedAt,
          zone: patientUser.timeZone,
          country: patientCountry(appointments.patientId),
        },
        doctor: {
          id: doctors.id,
          userId: doctors.userId,
          firstName: doctorUser.firstName,
          lastName: doctorUser.lastName,
          email: doctorUser.email,
          language: doctorUser.language,
          deletedAt: doctorUser.deletedAt,
          zone: doctorUser.timeZone,
          practice: doctors.timeZone,
          specialty: doctors.specialty,
          officeAddress: doctors.officeAddress,
          location: doctors.location,
          country: doctors.country,
        },
        payment: {
          id: payments.id,
          status: payments.status,
          amount: payments.amount,
          walletAmount: payments.walletAmount,
          refundedAmount: payments.refundedAmount,
        },
      })
      .from(appointments)
      .innerJoin(patientUser, eq(patientUser.id, appointments.patientId))
      .innerJoin(doctors, eq(doctors.id, appointments.doctorId))
      .innerJoin(doctorUser, eq(doctorUser.id, doctors.userId))
      // At most one payment per appointment (payments_appointment_key): never fans out.
      .leftJoin(payments, eq(payments.appointmentId, appointments.id))
      .where(where)
  );
}

/**
 * The one read of an appointment's parties, their zones, its length and its money, in one query
 * (it runs inside commands' transactions, on one connection). Undefined when there is no such
 * appointment.
 */
export async function appointmentView(tx: Db, id: string): Promise<AppointmentView | undefined> {
  const [row] = await viewRows(tx, eq(appointments.id, id));
  return row && toView(row);
}

/**
 * The same view of many appointments in one query, earliest first (a calendar feed): whoever
 * lists appointments with their parties reads them as the single view does.
 */
export async function appointmentViews(tx: Db, where: SQL | undefined, limit: number): Promise<AppointmentView[]> {
  const rows = await viewRows(tx, where).orderBy(appointments.startsAt).limit(limit);
  return rows.map(toView);
}

function toView({ a, patient, doctor, payment }: Awaited<ReturnType<typeof viewRows>>[number]): AppointmentView {
  const zones = partyZonesOf({
    patientAccount: patient.zone,
    patientCountry: patient.country,
    doctorAccount: doctor.zone,
    practice: doctor.practice,
    booked: a.timeZone,
  });
  return {
    id: a.id,
    status: a.status,
    consultationType: a.consultationType,
    startsAt: a.startsAt,
    durationMinutes: a.durationMinutes,
    endsAt: new Date(a.startsAt.getTime() + a.durationMinutes * 60_000),
    bookedZone: a.timeZone,
    calendarSequence: a.calendarSequence,
    updatedAt: a.updatedAt,
    cancellationReason: a.cancellationReason,
    fee: a.fee,
    patient: {
      userId: patient.id,
      firstName: patient.firstName,
      lastName: patient.lastName,
      email: patient.email,
      language: patient.language,
      deleted: patient.deletedAt !== null,
      zone: zones.patient,
      country: patient.country,
    },
    doctor: {
      userId: doctor.userId,
      doctorId: doctor.id,
      firstName: doctor.firstName,
      lastName: doctor.lastName,
      email: doctor.email,
      language: doctor.language,
      deleted: doctor.deletedAt !== null,
      zone: zones.doctor,
      practiceZone: doctor.practice,
      specialty: doctor.specialty,
      officeAddress: doctor.officeAddress,
      location: doctor.location,
      country: doctor.country,
    },
    payment: payment ? paymentSplit(payment) : null,
  };
}
