import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Appointment } from '@common/schemas/appointments';
import { slotHold } from '@common/rules/hold';
import { toTwelveHour, wallClock } from '@common/rules/zoned-time';
import type { Db } from '../../db/client';
import { oncePerDb } from '../../db/once-per-db';
import {
  appointments,
  doctors,
  outcomeHolds,
  payments,
  receipts,
  reviews,
  users,
  waitlistEntries,
} from '../../db/schema';
import { appointmentFamilyMember } from '../../policies/family-member';

const doctorUser = alias(users, 'doctor_user');
const patientUser = alias(users, 'patient_user');

/**
 * Appointments with the doctor, patient, payment status and review flag the screens show, in one
 * query. A review is unique per appointment, so its left join never fans out.
 */
/** The appointment with its doctor, patient, payment and review, before any filter. */
function appointmentRows(db: Db) {
  return (
    db
      .select({
        a: appointments,
        doctor: {
          id: doctors.id,
          specialty: doctors.specialty,
          consultationFee: doctors.consultationFee,
          location: doctors.location,
          country: doctors.country,
          officeAddress: doctors.officeAddress,
          timeZone: doctors.timeZone,
          profileImageUrl: doctors.profileImageUrl,
        },
        doctorUser: {
          firstName: doctorUser.firstName,
          lastName: doctorUser.lastName,
          profileImageUrl: doctorUser.profileImageUrl,
        },
        patient: {
          id: patientUser.id,
          firstName: patientUser.firstName,
          lastName: patientUser.lastName,
          profileImageUrl: patientUser.profileImageUrl,
        },
        payment: {
          status: payments.status,
          refundedAmount: payments.refundedAmount,
          walletAmount: payments.walletAmount,
          receiptId: receipts.id,
        },
        familyMember: appointmentFamilyMember(),
        reviewId: reviews.id,
        hold: { outcome: outcomeHolds.outcome, status: outcomeHolds.status, releaseAt: outcomeHolds.releaseAt },
        offerEndsAt: waitlistEntries.offerExpiresAt,
      })
      .from(appointments)
      .innerJoin(doctors, eq(doctors.id, appointments.doctorId))
      .innerJoin(doctorUser, eq(doctorUser.id, doctors.userId))
      .innerJoin(patientUser, eq(patientUser.id, appointments.patientId))
      .leftJoin(reviews, eq(reviews.appointmentId, appointments.id))
      // One payment per appointment and one receipt per payment (their unique keys): one row each,
      // found once, where a lookup per field read the payment four times a row.
      .leftJoin(payments, eq(payments.appointmentId, appointments.id))
      .leftJoin(receipts, eq(receipts.paymentId, payments.id))
      // One hold per appointment at most (its primary key): never fans out.
      .leftJoin(outcomeHolds, eq(outcomeHolds.appointmentId, appointments.id))
      // The waitlist offer this unpaid booking holds a slot for, if any: each offer inserts its own
      // booking, so at most one live entry names it and the join never fans out.
      .leftJoin(
        waitlistEntries,
        and(eq(waitlistEntries.offeredAppointmentId, appointments.id), eq(waitlistEntries.status, 'offered')),
      )
      .$dynamic()
  );
}

type AppointmentRow = Awaited<ReturnType<ReturnType<typeof appointmentRows>['execute']>>[number];

const toAppointment = ({
  a,
  doctor,
  doctorUser: du,
  patient,
  payment,
  reviewId,
  hold,
  familyMember,
  offerEndsAt,
}: AppointmentRow): Appointment => {
  const local = wallClock(a.startsAt, a.timeZone);
  return {
    id: a.id,
    status: a.status,
    appointmentDate: local.date,
    appointmentTime: toTwelveHour(local.time),
    startsAt: a.startsAt.toISOString(),
    timeZone: a.timeZone,
    durationMinutes: a.durationMinutes,
    consultationType: a.consultationType,
    reasonForVisit: a.reasonForVisit,
    additionalNotes: a.additionalNotes,
    fee: a.fee,
    payment: payment?.status
      ? {
          status: payment.status,
          refundedAmount: payment.refundedAmount ?? 0,
          receiptId: payment.receiptId,
          walletAmount: payment.walletAmount ?? 0,
        }
      : null,
    doctorId: a.doctorId,
    patientId: a.patientId,
    doctor: {
      id: doctor.id,
      user: {
        firstName: du.firstName,
        lastName: du.lastName,
        profileImageUrl: doctor.profileImageUrl ?? du.profileImageUrl,
      },
      specialty: doctor.specialty,
      consultationFee: doctor.consultationFee,
      location: doctor.location,
      country: doctor.country,
      officeAddress: doctor.officeAddress,
      timeZone: doctor.timeZone,
    },
    patient,
    hasReview: reviewId !== null,
    cancelledAt: a.cancelledAt?.toISOString() ?? null,
    cancellationReason: a.cancellationReason,
    createdAt: a.createdAt.toISOString(),
    slotHold:
      a.status === 'pending' ? slotHold(a.createdAt, offerEndsAt ? 'waitlist-offer' : 'booking', offerEndsAt) : null,
    familyMember: familyMember ?? null,
    outcomeHold: hold ? { outcome: hold.outcome, status: hold.status, releaseAt: hold.releaseAt.toISOString() } : null,
  };
};

export async function loadAppointments(
  db: Db,
  where: SQL | undefined,
  opts: { order?: 'asc' | 'desc'; limit?: number } = {},
): Promise<Appointment[]> {
  const rows = await appointmentRows(db)
    .where(where)
    // The id breaks ties between visits at one instant, so pages (page-cursor.ts) keep one order.
    .orderBy(
      ...(opts.order === 'asc'
        ? [asc(appointments.startsAt), asc(appointments.id)]
        : [desc(appointments.startsAt), desc(appointments.id)]),
    )
    .limit(opts.limit ?? 200);
  return rows.map(toAppointment);
}

export async function loadAppointment(db: Db, where: SQL): Promise<Appointment | undefined> {
  return (await loadAppointments(db, where, { limit: 1 }))[0];
}

// Building this statement costs more CPU than running it; the e-mail worker loads one appointment
// per message, so it is prepared once per database handle (not per transaction).
const byIdStatement = oncePerDb((db) =>
  appointmentRows(db)
    .where(eq(appointments.id, sql.placeholder('id')))
    .limit(1)
    .prepare('appointment_by_id'),
);

export async function loadAppointmentById(db: Db, id: string): Promise<Appointment | undefined> {
  const [row] = await byIdStatement(db).execute({ id });
  return row && toAppointment(row);
}
