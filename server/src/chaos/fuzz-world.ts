import { randomUUID } from 'node:crypto';
import type { UserType } from '@common/schemas/auth';
import type { Db } from '../db/client';
import { createAppointment, createNotification, createPayment, createUser } from '../db/factories';
import { bookableDoctor } from '../test-support/booking-fixtures';
import { paidConsultation } from '../test-support/realtime-fixtures';
import { cookieFor } from '../test-support/test-app';
import type { ForeignIds } from './payloads';

/**
 * The records the fuzzer's callers own, and records that belong to somebody else, so generated
 * requests hit real rows: a patient with a pending and a paid appointment, a verified doctor with
 * one of their own, an administrator, and a stranger's paid consultation and notification.
 */
export async function buildWorld(db: Db) {
  const otherDoctor = await bookableDoctor(db);
  const myDoctor = await bookableDoctor(db);
  const patient = await createUser(db, { userType: 'patient', firstName: 'Fuzz', lastName: 'Patient' });
  const admin = await createUser(db, { userType: 'admin', firstName: 'Fuzz', lastName: 'Admin' });
  const soon = new Date(Date.now() + 10 * 86_400_000);
  const pending = await createAppointment(db, {
    patientId: patient.id,
    doctorId: otherDoctor.doctor.id,
    startsAt: soon,
    status: 'pending',
  });
  const mine = await createAppointment(db, {
    patientId: patient.id,
    doctorId: myDoctor.doctor.id,
    startsAt: new Date(Date.now() + 5 * 60_000),
    status: 'confirmed',
  });
  await createPayment(db, {
    appointmentId: mine.id,
    patientId: patient.id,
    purpose: 'appointment',
    amount: mine.fee,
    status: 'succeeded',
  });
  // Records in the states the routes that act on one need: cancellable, reviewable, payable.
  const confirmed = await createAppointment(db, {
    patientId: patient.id,
    doctorId: otherDoctor.doctor.id,
    startsAt: new Date(Date.now() + 12 * 86_400_000),
    status: 'confirmed',
  });
  const completed = await createAppointment(db, {
    patientId: patient.id,
    doctorId: otherDoctor.doctor.id,
    startsAt: new Date(Date.now() - 2 * 86_400_000),
    status: 'completed',
  });
  const intent = await createPayment(db, {
    appointmentId: pending.id,
    patientId: patient.id,
    purpose: 'appointment',
    amount: pending.fee,
    status: 'requires_payment_method',
  });
  const patientNote = await createNotification(db, { userId: patient.id });
  const doctorNote = await createNotification(db, { userId: myDoctor.user.id });
  const stranger = await paidConsultation(db);
  const strangerNote = await createNotification(db, { userId: stranger.patient.id });
  const strangerPayment = await createPayment(db, {
    patientId: stranger.patient.id,
    purpose: 'specialty',
    amount: 5000,
    status: 'requires_payment_method',
  });

  const users: Record<UserType, { id: string }> = { patient, doctor: myDoctor.user, admin };
  const foreign: ForeignIds = {
    "another patient's appointment": stranger.id,
    "another patient's user id": stranger.patient.id,
    "another doctor's user id": stranger.doctorUser.id,
    "another user's notification": strangerNote.id,
    "another patient's payment intent": strangerPayment.providerIntentId,
  };

  /** A real id for a field, by its name and the route it is on, from the caller's point of view. */
  const idFor = (url: string, role: UserType | null) => (field: string) => {
    if (field === 'doctorId' || (field === 'id' && url.startsWith('/api/doctors/'))) return otherDoctor.doctor.id;
    if (field === 'userId') return otherDoctor.user.id;
    if (field === 'patientId') return role ? users[role].id : stranger.patient.id;
    if (field === 'id' && url.includes('consultations')) return role ? mine.id : stranger.id;
    if (field === 'paymentIntentId') return intent.providerIntentId;
    if (field === 'id' && url.endsWith('/review') && role === 'patient') return completed.id;
    if (field === 'id' && url === '/api/appointments/:id' && role === 'patient') return confirmed.id;
    if (field === 'id' && url.endsWith('/calendar.ics') && role) return mine.id;
    if (field === 'appointmentId' || (field === 'id' && url.includes('appointments')))
      return role === 'doctor' ? mine.id : role === 'patient' ? pending.id : stranger.id;
    if (field === 'id' && url.includes('notifications')) return role === 'doctor' ? doctorNote.id : patientNote.id;
    return randomUUID();
  };

  return {
    foreign,
    idFor,
    /** A new session per route, so a route that signs out cannot spoil the next one. */
    cookie: (role: UserType) => cookieFor(db, users[role]),
  };
}
