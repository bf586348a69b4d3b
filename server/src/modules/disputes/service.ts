import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AdminDispute, OutcomeHold, ResolveDisputeBody } from '@common/schemas/disputes';
import type { Db } from '../../db/client';
import { appointments, doctors, outcomeHolds, payments, users } from '../../db/schema';
import { localizedError, notFound } from '../../core/errors';
import { appointmentsBookedBy } from '../../policies/appointment';
import type { AuditActor } from '../audit/record';
import { releaseEarning } from '../earnings/transitions';
import { inUnit, type UnitServices } from '../events/bus';
import { startRefund } from '../payments/refunds';
import { dueHolds, moveHold } from './moves';

type HoldRow = typeof outcomeHolds.$inferSelect;

export const presentHold = (row: HoldRow): OutcomeHold => ({
  id: row.appointmentId,
  outcome: row.outcome,
  status: row.status,
  markedAt: row.markedAt.toISOString(),
  releaseAt: row.releaseAt.toISOString(),
  disputeReason: row.disputeReason,
  disputedAt: row.disputedAt?.toISOString() ?? null,
  resolvedAt: row.resolvedAt?.toISOString() ?? null,
  resolutionNote: row.resolutionNote,
});

/**
 * The patient disputes what their doctor marked, while the hold is open: the share stays pending
 * for an administrator. 404 for an appointment that is not theirs; 409 when nothing is held or
 * the window has passed.
 */
export async function disputeByPatient(
  services: UnitServices,
  actor: AuditActor,
  patientId: string,
  appointmentId: string,
  reason: string,
  now: Date,
): Promise<OutcomeHold> {
  const { db } = services;
  const [own] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.id, appointmentId), appointmentsBookedBy({ id: patientId })));
  if (!own) throw notFound('Appointment');
  const disputed = await inUnit(services, now, async (unit) => {
    const [row] = await moveHold(
      unit.tx,
      'dispute',
      and(eq(outcomeHolds.appointmentId, appointmentId), sql`${outcomeHolds.releaseAt} > ${now.toISOString()}`)!,
      { disputeReason: reason, disputedAt: now },
    );
    if (row) await unit.emit('outcome.disputed', { hold: row, actor });
    return row;
  });
  if (disputed) return presentHold(disputed);
  const [hold] = await db.select().from(outcomeHolds).where(eq(outcomeHolds.appointmentId, appointmentId));
  if (!hold) throw localizedError('conflict', 'errors.outcomeNotDisputable');
  if (hold.status === 'disputed') throw localizedError('conflict', 'errors.outcomeAlreadyDisputed');
  throw localizedError('conflict', 'errors.outcomeDisputeWindowPassed');
}

/**
 * An administrator decides a dispute: `refund` returns the payment through the one refund (the
 * share is reversed by its subscriber), `release` makes the share available to the doctor through
 * the earnings release. One conditional move decides, so a second answer is a 409.
 */
export async function resolveDispute(
  services: UnitServices,
  actor: AuditActor,
  appointmentId: string,
  body: ResolveDisputeBody,
  now: Date,
): Promise<OutcomeHold> {
  const { db } = services;
  const resolution = { resolvedAt: now, resolvedBy: actor.id, resolutionNote: body.note || null };
  const resolved = await inUnit(services, now, async (unit) => {
    const { tx } = unit;
    const which = and(eq(outcomeHolds.appointmentId, appointmentId), eq(outcomeHolds.status, 'disputed'))!;
    if (body.outcome === 'release') {
      const [row] = await moveHold(tx, 'resolveRelease', which, resolution);
      if (!row) return undefined;
      await releaseEarning(tx, appointmentId);
      await unit.emit('outcome.settled', { hold: row, actor });
      return row;
    }
    const [row] = await moveHold(tx, 'refund', which, resolution);
    if (!row) return undefined;
    const [paid] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.appointmentId, appointmentId), eq(payments.status, 'succeeded')));
    // Nothing refundable (never paid here, or refunded already): nothing moves, the dispute stays open.
    if (!paid || !(await startRefund(unit, paid.id, 'admin', actor)))
      throw localizedError('conflict', 'errors.succeededPaymentRefunded');
    await unit.emit('outcome.settled', { hold: row, actor });
    return row;
  });
  if (resolved) return presentHold(resolved);
  const [hold] = await db.select().from(outcomeHolds).where(eq(outcomeHolds.appointmentId, appointmentId));
  if (!hold) throw notFound('Appointment');
  throw localizedError('conflict', 'errors.disputeNotOpen');
}

/**
 * The scheduled job: every held outcome whose window passed with no dispute is released, each in
 * its own unit so one failure never holds back the others. How many were released.
 */
export async function releaseDueHolds(services: UnitServices, now: Date, limit = 200): Promise<number> {
  const due = await services.db
    .select({ id: outcomeHolds.appointmentId })
    .from(outcomeHolds)
    .where(dueHolds(now))
    .orderBy(outcomeHolds.releaseAt)
    .limit(limit);
  let released = 0;
  for (const { id } of due) {
    const done = await inUnit(services, now, async (unit) => {
      const [row] = await moveHold(unit.tx, 'releaseDue', and(eq(outcomeHolds.appointmentId, id), dueHolds(now))!, {
        resolvedAt: now,
      });
      if (!row) return false;
      await releaseEarning(unit.tx, id);
      await unit.emit('outcome.settled', { hold: row, actor: null });
      return true;
    });
    if (done) released++;
  }
  return released;
}

const patient = alias(users, 'dispute_patient');
const doctorUser = alias(users, 'dispute_doctor_user');

/** The administrators' list: open disputes first-come first, or every hold newest first. */
export async function listDisputes(db: Db, status: 'disputed' | 'all'): Promise<AdminDispute[]> {
  const rows = await db
    .select({
      hold: outcomeHolds,
      startsAt: appointments.startsAt,
      consultationType: appointments.consultationType,
      patientId: patient.id,
      patientName: sql<string>`${patient.firstName} || ' ' || ${patient.lastName}`,
      patientEmail: patient.email,
      doctorId: doctors.id,
      doctorName: sql<string>`${doctorUser.firstName} || ' ' || ${doctorUser.lastName}`,
      paymentId: payments.id,
      amount: payments.amount,
    })
    .from(outcomeHolds)
    .innerJoin(appointments, eq(appointments.id, outcomeHolds.appointmentId))
    .innerJoin(patient, eq(patient.id, appointments.patientId))
    .innerJoin(doctors, eq(doctors.id, appointments.doctorId))
    .innerJoin(doctorUser, eq(doctorUser.id, doctors.userId))
    // At most one payment per appointment (payments_appointment_key): never fans out.
    .leftJoin(payments, eq(payments.appointmentId, appointments.id))
    .where(status === 'disputed' ? inArray(outcomeHolds.status, ['disputed']) : undefined)
    .orderBy(status === 'disputed' ? outcomeHolds.disputedAt : desc(outcomeHolds.markedAt))
    .limit(200);
  return rows.map((r) => ({
    ...presentHold(r.hold),
    startsAt: r.startsAt.toISOString(),
    consultationType: r.consultationType,
    patient: { id: r.patientId, name: r.patientName, email: r.patientEmail },
    doctor: { id: r.doctorId, name: r.doctorName },
    paymentId: r.paymentId,
    amount: r.amount,
  }));
}
