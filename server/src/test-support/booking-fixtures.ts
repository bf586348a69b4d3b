import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { wallClock } from '@common/rules/zoned-time';
import type { Db } from '../db/client';
import { createDoctor, createPayment } from '../db/factories';
import { doctorSchedules, type doctors, payments } from '../db/schema';
import { cookieFor, signedInUser } from './test-app';

/** A verified New York doctor with known fees (video $150, voice $120, in-person $200). */
export async function bookableDoctor(db: Db, overrides: Parameters<typeof createDoctor>[1] = {}) {
  const { user, doctor } = await createDoctor(db, {
    ...overrides,
    doctor: {
      timeZone: 'America/New_York',
      consultationFee: 15000,
      videoCallFee: 15000,
      phoneCallFee: 12000,
      inPersonFee: 20000,
      availableFrom: null,
      availableTo: null,
      isVerified: true,
      isActive: true,
      ...overrides.doctor,
    },
  });
  await keepOldSlots(db, doctor);
  return { user, doctor, cookie: await cookieFor(db, user) };
}

/**
 * The week the fixtures' doctor keeps unless a test says otherwise: every day 09:00–18:00 (the
 * half-hour slots 09:00 AM … 05:30 PM), no notice, so tests about other rules can book any date.
 */
const everyDayFrom = (start: string, end: string) => {
  const day = [{ start, end }];
  return { mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: day };
};
export const EVERY_DAY = { weekly: everyDayFrom('09:00', '18:00'), minNoticeMinutes: 0 };

/**
 * Gives a test doctor the slots every doctor had before weekly schedules: every day, half-hour
 * slots from 09:00 to 18:00, or inside the doctor's availableFrom/availableTo (a side left unset
 * keeps the old day's end there), no notice.
 */
export async function keepOldSlots(db: Db, doctor: Pick<DoctorRow, 'id' | 'availableFrom' | 'availableTo'>) {
  // The old rule read the first five characters when they looked like a time, else no limit.
  const read = (v: string | null, unset: string) => (v && /^\d{2}:\d{2}/.test(v) ? v.slice(0, 5) : unset);
  const hours = {
    weekly: everyDayFrom(read(doctor.availableFrom, '09:00'), read(doctor.availableTo, '18:00')),
    minNoticeMinutes: 0,
  };
  await db.insert(doctorSchedules).values({ doctorId: doctor.id, ...hours });
}
type DoctorRow = typeof doctors.$inferSelect;

/** The doctor's local date `days` from now. */
export const localDate = (days: number, timeZone = 'America/New_York') =>
  wallClock(new Date(Date.now() + days * 86_400_000), timeZone).date;

export async function book(
  app: FastifyInstance,
  cookie: string,
  body: Partial<{
    doctorId: string;
    appointmentDate: string;
    appointmentTime: string;
    consultationType: string;
    reasonForVisit: string;
  }>,
) {
  return app.inject({
    method: 'POST',
    url: '/api/appointments',
    headers: { cookie },
    payload: {
      consultationType: 'video',
      reasonForVisit: 'Sore throat for a week',
      appointmentTime: '10:00 AM',
      ...body,
    },
  });
}

/** A patient with a pending appointment 10 days out, ready for checkout. */
export async function pendingBooking(app: FastifyInstance, db: Db, time = '10:00 AM', days = 10) {
  const { doctor, user: doctorUser } = await bookableDoctor(db);
  const patient = await signedInUser(db, { firstName: 'Nia', lastName: 'Reyes' });
  const res = await book(app, patient.cookie, {
    doctorId: doctor.id,
    appointmentDate: localDate(days),
    appointmentTime: time,
  });
  if (res.statusCode !== 201) throw new Error(`booking failed: ${res.body}`);
  return { doctor, doctorUser, patient, appointment: res.json() as { id: string; fee: number } };
}

/**
 * A $150 appointment payment in the state a test needs (`values` adds or overrides columns), on a
 * booking of its own: the refund tests start from a payment already in place.
 */
export async function bookedPayment(
  app: FastifyInstance,
  db: Db,
  values: Partial<Parameters<typeof createPayment>[1]> & Pick<typeof payments.$inferInsert, 'status'>,
) {
  const { appointment, patient } = await pendingBooking(app, db);
  const payment = await createPayment(db, {
    appointmentId: appointment.id,
    patientId: patient.user.id,
    purpose: 'appointment',
    amount: 15000,
    ...values,
  });
  return { payment, patient, appointment };
}

export const paymentFor = async (db: Db, appointmentId: string) =>
  (await db.select().from(payments).where(eq(payments.appointmentId, appointmentId)))[0];

/** Checkout as the browser does it in simulated mode: intent → card → confirm. */
export async function payWithCard(
  app: FastifyInstance,
  cookie: string,
  appointmentId: string,
  number = '4242 4242 4242 4242',
) {
  const intent = await app.inject({
    method: 'POST',
    url: '/api/payments/create-intent',
    headers: { cookie },
    payload: { appointmentId },
  });
  if (intent.statusCode !== 200) throw new Error(`create-intent failed: ${intent.body}`);
  const { clientSecret, paymentIntentId } = intent.json() as { clientSecret: string; paymentIntentId: string };
  const card = await app.inject({
    method: 'POST',
    url: '/api/payments/simulated/confirm-card',
    headers: { cookie },
    payload: { clientSecret, card: { number, expiry: '12/34', cvc: '123', postcode: '10001' } },
  });
  const confirm = await app.inject({
    method: 'POST',
    url: '/api/payments/confirm',
    headers: { cookie },
    payload: { paymentIntentId },
  });
  return { intent, card, confirm, paymentIntentId };
}

/** The doctor cancels a booking from their schedule, as their screen does. */
export async function doctorCancels(
  app: FastifyInstance,
  db: Db,
  appointmentId: string,
  doctorUser: Parameters<typeof cookieFor>[1],
  reason = 'A family emergency.',
) {
  return app.inject({
    method: 'POST',
    url: `/api/doctor/appointments/${appointmentId}/cancel`,
    headers: { cookie: await cookieFor(db, doctorUser) },
    payload: { reason },
  });
}
