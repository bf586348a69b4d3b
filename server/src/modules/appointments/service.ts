import { and, eq, gt, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { CreateAppointmentBody, DoctorAppointments, ReviewBody } from '@common/schemas/appointments';
import { createAppointmentBodySchema } from '@common/schemas/appointments';
import { CANCEL_WINDOW_HOURS, MAX_UNPAID_BOOKINGS, PENDING_HOLD_MINUTES } from '@common/constants/platform';
import { patientChangeCutoff } from '@common/rules/patient-change';
import { LIVE_APPOINTMENT_STATUSES } from '@common/constants/statuses';
import { doctorViewZone } from '@common/rules/account-zone';
import { feeForType } from '@common/rules/fees';
import { addDays } from '@common/rules/slots';
import { wallClock, zonedInstant } from '@common/rules/zoned-time';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { emailIdentity } from '../../core/email-identity';
import { appointments, bookingOrigins, doctors, reviews, users } from '../../db/schema';
import { localizedError, notFound } from '../../core/errors';
import type { SessionUser } from '../../core/session-user';
import { inUnit, type UnitServices } from '../events/bus';
import { bookableDoctor } from '../listing/rule';
import { cancelAppointment, insertPending, releaseStaleHold } from './commands';
import { loadAppointment, loadAppointments } from './queries';
import { bookableSlot, slotTaken } from './slot-check';
import { staleHold } from './slot-hold';
import { appointmentsBookedBy, appointmentsWhere } from '../../policies/appointment';
import { can as canManageDoctor, doctorsOwnedBy } from '../../policies/doctor';
import { ownFamilyMember } from '../../policies/family-member';

export { PENDING_HOLD_MINUTES };

// Which bookings hold a slot is one rule for booking, moving and every availability reader.
export { staleHold };

type BookInput = ReturnType<typeof createAppointmentBodySchema.parse> & Partial<CreateAppointmentBody>;

/** Where a booking request came from: the client's network address (as the proxy settings resolve it). */
export type BookingOrigin = { clientAddress: string };

export async function bookAppointment(
  services: UnitServices,
  patient: SessionUser,
  body: BookInput,
  origin: BookingOrigin,
  now = new Date(),
) {
  const { db } = services;
  if (body.patientId && body.patientId !== patient.id) {
    throw localizedError('bad_request', 'errors.bookAppointmentsYourself', undefined, {
      patientId: { key: 'errors.field.ownId' },
    });
  }
  const doctor = await bookableDoctor(db, body.doctorId);
  // A doctor cannot book their own listing: the booker would be the visit's doctor too.
  if (canManageDoctor(patient, 'manage', doctor)) {
    throw localizedError('bad_request', 'errors.cannotBookAppointmentYourself', undefined, {
      doctorId: { key: 'errors.field.ownProfile' },
    });
  }
  const fee = feeForType(doctor, body.consultationType);
  if (fee < 50)
    throw localizedError('bad_request', 'errors.doctorSetConsultationFee', undefined, {
      doctorId: { key: 'errors.field.noFee' },
    });

  // The visit may be for a family member of the booker's own (issue 42); anyone else's is 404.
  const familyMemberId = body.forFamilyMemberId
    ? (await ownFamilyMember(db, patient, body.forFamilyMemberId)).id
    : null;

  const holder: Holder = { patientId: patient.id, identity: emailIdentity(patient.email), ...origin };
  const row = await inUnit(services, now, async (unit) => {
    const { tx } = unit;
    // Judged under the doctor's lock, so a schedule change cannot slip between check and insert.
    // The doctor's lock comes first, then the holder's: every booking takes them in this order.
    const { startsAt, minutes } = await bookableSlot(tx, doctor, body, now);
    await refuseBeyondUnpaidCap(tx, holder, now);
    // Release an abandoned unpaid hold on this exact slot, then let the unique index decide.
    await releaseStaleHold(unit, doctor.id, startsAt);
    const pending = await insertPending(tx, {
      patientId: patient.id,
      doctorId: doctor.id,
      startsAt,
      timeZone: doctor.timeZone,
      consultationType: body.consultationType,
      durationMinutes: minutes,
      reasonForVisit: body.reasonForVisit,
      additionalNotes: body.additionalNotes || null,
      fee,
      familyMemberId,
    });
    if (pending) {
      await tx.insert(bookingOrigins).values({
        appointmentId: pending.id,
        emailIdentity: holder.identity,
        clientAddress: holder.clientAddress,
        createdAt: now,
      });
    }
    return pending;
  });
  if (!row) throw slotTaken();
  return (await loadAppointment(db, eq(appointments.id, row.id)))!;
}

type Holder = { patientId: string; identity: string; clientAddress: string };

/**
 * Loopback is this machine: a proxy on the same host that TRUST_PROXY does not name yet, a test or
 * a script. Capping it would cap every patient at once, so its bookings count per person only.
 */
const isLoopback = (address: string) => /^(127\.|::1$|::ffff:127\.)/.test(address);

/**
 * Only MAX_UNPAID_BOOKINGS slots may be held unpaid at a time per account, per person (the folded
 * e-mail identity, so `name+1@`, `name+2@` … are one person) and per client address, since
 * accounts are free. Transaction-scoped advisory locks, always taken in this order, serialise the
 * bookings that share any of the three so concurrent requests cannot all pass the counts.
 */
async function refuseBeyondUnpaidCap(tx: Db, holder: Holder, now: Date) {
  const address = isLoopback(holder.clientAddress) ? null : holder.clientAddress;
  const keys = [`unpaid:${holder.patientId}`, `unpaid-person:${holder.identity}`];
  if (address) keys.push(`unpaid-address:${address}`);
  // One statement, the locks taken left to right: the order every booking uses.
  await tx.execute(
    sql`select ${sql.join(
      keys.map((key) => sql`pg_advisory_xact_lock(hashtext(${key}))`),
      sql`, `,
    )}`,
  );
  const holding = and(eq(appointments.status, 'pending'), sql`not (${staleHold(now)})`);
  // Three counts, each found through its own index (the patient's appointments, the person's and
  // the address's booking origins). One scan with an OR across the join read every appointment,
  // a cost that grew with the table (issue 39, the soak's database profile).
  const heldBy = (origin: SQL) =>
    tx
      .select({ n: sql`count(*)` })
      .from(bookingOrigins)
      .innerJoin(appointments, eq(appointments.id, bookingOrigins.appointmentId))
      .where(and(origin, holding));
  const byPatient = tx
    .select({ n: sql`count(*)` })
    .from(appointments)
    .where(and(appointmentsBookedBy({ id: holder.patientId }), holding));
  const counted = await tx.execute(sql`select
    (${byPatient})::int as "byAccount",
    (${heldBy(eq(bookingOrigins.emailIdentity, holder.identity))})::int as "byPerson",
    ${address ? sql`(${heldBy(eq(bookingOrigins.clientAddress, address))})::int` : sql`0`} as "byAddress"`);
  const [{ byAccount, byPerson, byAddress }] = rowsOf<{ byAccount: number; byPerson: number; byAddress: number }>(
    counted,
  );
  const limits = { count: MAX_UNPAID_BOOKINGS, minutes: PENDING_HOLD_MINUTES };
  if (byAccount >= MAX_UNPAID_BOOKINGS) throw localizedError('conflict', 'errors.unpaidBookingsAccount', limits);
  if (byPerson >= MAX_UNPAID_BOOKINGS || byAddress >= MAX_UNPAID_BOOKINGS) {
    throw localizedError('conflict', 'errors.unpaidBookingsOthers', limits);
  }
}

export const listPatientAppointments = (db: Db, patientId: string) =>
  loadAppointments(db, appointmentsBookedBy({ id: patientId }), { order: 'desc' });

/** The doctor's row, with `viewZone`: the zone their own screens show (decision 047). */
async function ownDoctor(db: Db, userId: string) {
  const [doctor] = await db
    .select({ id: doctors.id, timeZone: doctors.timeZone, account: users.timeZone })
    .from(doctors)
    .innerJoin(users, eq(users.id, doctors.userId))
    .where(doctorsOwnedBy({ id: userId }));
  return doctor && { ...doctor, viewZone: doctorViewZone(doctor.account, doctor.timeZone) };
}

/**
 * The doctor's appointments on today's date in the zone their screens show (cancelled ones left
 * out), within `visible` (the viewer's scope from policies/appointment.ts).
 */
export async function doctorToday(db: Db, userId: string, now: Date, visible: SQL) {
  const doctor = await ownDoctor(db, userId);
  if (!doctor) return [];
  const zone = doctor.viewZone;
  const today = wallClock(now, zone).date;
  const start = zonedInstant(today, '00:00', zone);
  const end = zonedInstant(addDays(today, 1), '00:00', zone);
  return loadAppointments(
    db,
    and(
      eq(appointments.doctorId, doctor.id),
      gte(appointments.startsAt, start),
      lt(appointments.startsAt, end),
      ne(appointments.status, 'cancelled'),
      visible,
    ),
    { order: 'asc' },
  );
}

/** The doctor's upcoming and past appointments, within `visible` (the viewer's scope). */
export async function doctorAppointments(db: Db, userId: string, now: Date, visible: SQL): Promise<DoctorAppointments> {
  const doctor = await ownDoctor(db, userId);
  if (!doctor) return { upcoming: [], past: [] };
  const live = and(inArray(appointments.status, [...LIVE_APPOINTMENT_STATUSES]), gte(appointments.startsAt, now));
  const [upcoming, past] = await Promise.all([
    loadAppointments(db, and(eq(appointments.doctorId, doctor.id), visible, live), { order: 'asc', limit: 100 }),
    loadAppointments(db, and(eq(appointments.doctorId, doctor.id), visible, sql`not (${live})`), {
      order: 'desc',
      limit: 100,
    }),
  ]);
  return { upcoming, past };
}

/**
 * Only a confirmed appointment more than CANCEL_WINDOW_HOURS away may be cancelled, by its patient,
 * through the one cancel command (refund by the patient's policy: in full, this far ahead).
 */
export async function cancelByPatient(services: UnitServices, patientId: string, id: string, now: Date) {
  const cancelled = await inUnit(services, now, (unit) =>
    cancelAppointment(unit, {
      id,
      by: 'patient',
      actor: null,
      refund: 'policy',
      from: 'confirmed',
      guard: and(
        appointmentsWhere({ id: patientId }, 'manage_booking'),
        // patientMayChange (common/rules/patient-change.ts), said in SQL: confirmed (`from`) and after the cutoff.
        gt(appointments.startsAt, patientChangeCutoff(now)),
      ),
    }),
  );
  const { db } = services;
  if (!cancelled) {
    const [existing] = await db
      .select({ status: appointments.status, startsAt: appointments.startsAt })
      .from(appointments)
      .where(and(eq(appointments.id, id), appointmentsWhere({ id: patientId }, 'manage_booking')));
    if (!existing) throw notFound('Appointment');
    if (existing.status !== 'confirmed') throw localizedError('conflict', 'errors.confirmedAppointmentsCancelled');
    throw localizedError('conflict', 'errors.cancelWindow', { hours: CANCEL_WINDOW_HOURS });
  }
  return (await loadAppointment(db, eq(appointments.id, id)))!;
}

/** A patient reviews a completed consultation once; the doctor's average moves atomically. */
export async function reviewAppointment(db: Db, patientId: string, id: string, body: ReviewBody) {
  return db.transaction(async (tx) => {
    const [appointment] = await tx
      .select({ status: appointments.status, doctorId: appointments.doctorId })
      .from(appointments)
      .where(and(eq(appointments.id, id), appointmentsWhere({ id: patientId }, 'manage_booking')));
    if (!appointment) throw notFound('Appointment');
    if (appointment.status !== 'completed')
      throw localizedError('conflict', 'errors.reviewAppointmentOnceConsultation');
    const [review] = await tx
      .insert(reviews)
      .values({
        appointmentId: id,
        doctorId: appointment.doctorId,
        patientId,
        rating: body.rating,
        comment: body.comment || null,
      })
      .onConflictDoNothing()
      .returning();
    if (!review) throw localizedError('conflict', 'errors.reviewedAppointment');
    await tx
      .update(doctors)
      .set({
        averageRating: sql`round(((coalesce(${doctors.averageRating}, 0) * ${doctors.reviewCount} + ${body.rating}) / (${doctors.reviewCount} + 1))::numeric, 2)::float8`,
        reviewCount: sql`${doctors.reviewCount} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(doctors.id, appointment.doctorId));
    return { ...review, createdAt: review.createdAt.toISOString() };
  });
}
