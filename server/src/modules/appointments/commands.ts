import { and, eq, inArray, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appointmentProposals, appointments } from '../../db/schema';
import type { AuditActor } from '../audit/record';
import type { Unit } from '../events/bus';
import type { DomainEvents, Party, RefundMode } from '../events/catalog';
import { APPOINTMENT_MOVES, PROPOSAL_MOVES } from './moves';
import { staleHold } from './slot-hold';

type AppointmentRow = typeof appointments.$inferSelect;
type PaymentRow = DomainEvents['appointment.confirmed']['payment'];

/**
 * An appointment's whole life, in one place: nothing else in the code writes `appointments.status`
 * (server/src/modules/appointments/status-writers.test.ts fails when something does).
 *
 *   (new)     → pending    insertPending           a patient booked; unpaid, the slot is held
 *   (new)     → confirmed  insertConfirmed         a specialty payment was matched to a doctor
 *   pending   → confirmed  confirmAppointment      its payment succeeded
 *   live      → cancelled  cancelAppointment       a party cancelled, or an unpaid hold lapsed
 *   confirmed → completed  completeAppointment     the doctor marked the visit done, or the room ended
 *   confirmed → no-show    markNoShow              the doctor recorded that the patient never came
 *
 * Each move (moves.ts, the table the database's guard is written from) is one conditional UPDATE
 * (`… where status in from`) on the unit's transaction, so it happens at most once however many
 * requests race, and emits its domain event in the same transaction for the subscribers (money,
 * mail, bell, room, audit).
 */
export { APPOINTMENT_MOVES };

function move(
  tx: Db,
  name: keyof typeof APPOINTMENT_MOVES,
  which: SQL | undefined,
  set: Partial<AppointmentRow>,
  now: Date,
) {
  const { from, to } = APPOINTMENT_MOVES[name];
  return tx
    .update(appointments)
    .set({ ...set, status: to, updatedAt: now })
    .where(and(which, inArray(appointments.status, [...from])))
    .returning();
}

type NewAppointment = Omit<typeof appointments.$inferInsert, 'status' | 'id'>;

/** A new unpaid booking; undefined when the slot is taken (the partial unique index decides). */
export async function insertPending(tx: Db, values: NewAppointment) {
  const [row] = await tx
    .insert(appointments)
    .values({ ...values, status: 'pending' })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** A booking that is paid already (a matched specialty payment); undefined when the slot is taken. */
export async function insertConfirmed(tx: Db, values: NewAppointment) {
  const [row] = await tx
    .insert(appointments)
    .values({ ...values, status: 'confirmed' })
    .onConflictDoNothing()
    .returning();
  return row;
}

/**
 * An unpaid hold that has lapsed on this doctor's slot gives way to a new booking or a move: it is
 * cancelled by the system like any lapsed hold, so `appointment.cancelled` closes its checkout at
 * the processor after commit (a payment completed later finds it cancelled and is refunded) and
 * tells nobody (nothing was paid, nothing was announced).
 */
export async function releaseStaleHold(unit: Unit, doctorId: string, startsAt: Date) {
  const { tx, now } = unit;
  const released = await move(
    tx,
    'cancel',
    and(eq(appointments.doctorId, doctorId), eq(appointments.startsAt, startsAt), staleHold(now)),
    { cancelledAt: now },
    now,
  );
  for (const appointment of released) {
    await unit.emit('appointment.cancelled', {
      appointment,
      previousStatus: 'pending',
      by: 'system',
      actor: null,
      reason: null,
      refund: 'none',
    });
  }
}

/** pending → confirmed once its payment succeeded; the row, or undefined when it was no longer pending. */
export async function confirmAppointment(unit: Unit, appointmentId: string, payment: PaymentRow) {
  const [row] = await move(unit.tx, 'confirm', eq(appointments.id, appointmentId), {}, unit.now);
  if (row) await unit.emit('appointment.confirmed', { appointment: row, payment });
  return row;
}

/** A booking created already confirmed (specialty matching) announces itself like a confirmed one. */
export const announceConfirmed = (unit: Unit, appointment: AppointmentRow, payment: PaymentRow) =>
  unit.emit('appointment.confirmed', { appointment, payment });

export type CancelInput = {
  id: string;
  by: Party;
  actor: AuditActor | null;
  reason?: string | null;
  refund: RefundMode;
  /** The party's own rule (ownership, how late it may cancel), added to the status condition. */
  guard?: SQL;
  /**
   * The one status this party may cancel from, when there is one (a patient cancels only a
   * confirmed visit): the move then requires it, so the status before is known without a read.
   */
  from?: AppointmentRow['status'];
};

/**
 * Cancels a live appointment. Every cancellation goes through here: the patient's, the doctor's,
 * an administrator's refund and a lapsed hold's. The subscribers of `appointment.cancelled` return
 * the money by `refund`, expire an open proposal, close the room, tell the people concerned and
 * write the audit trail. Undefined when the condition did not hold (the caller explains why).
 */
export async function cancelAppointment(unit: Unit, input: CancelInput) {
  // Locked, so the status the event reports is the one cancelled: a payment confirming meanwhile
  // either commits first (read here as confirmed: the cancellation is a paid one, mailed and
  // belled) or waits for this cancellation and finds the booking cancelled. With `from` the move
  // itself decides: an UPDATE that waited for another writer checks its condition again against
  // the row that writer left.
  const [before] = input.from
    ? [{ status: input.from }]
    : await unit.tx
        .select({ status: appointments.status })
        .from(appointments)
        .where(eq(appointments.id, input.id))
        .for('update');
  const [row] = await move(
    unit.tx,
    'cancel',
    and(eq(appointments.id, input.id), input.from && eq(appointments.status, input.from), input.guard),
    { cancelledAt: unit.now, cancellationReason: input.reason ?? null },
    unit.now,
  );
  if (!row) return undefined;
  await unit.emit('appointment.cancelled', {
    appointment: row,
    previousStatus: before?.status ?? 'pending',
    by: input.by,
    actor: input.actor,
    reason: input.reason ?? null,
    refund: input.refund,
  });
  return row;
}

/**
 * The visit took place: confirmed → completed. Video and voice visits complete when the room ends
 * (`attended` says whether both were in it long enough for the doctor's share to be released);
 * in-person and phone visits when the doctor marks them done, never before their start.
 * Subscribers release the doctor's earning and qualify a referral.
 */
export async function completeAppointment(
  unit: Unit,
  id: string,
  how: { by: 'doctor' | 'room'; attended: boolean; guard?: SQL },
) {
  const notEarly = how.by === 'doctor' ? lte(appointments.startsAt, unit.now) : undefined;
  const [row] = await move(unit.tx, 'complete', and(eq(appointments.id, id), notEarly, how.guard), {}, unit.now);
  if (row) await unit.emit('appointment.completed', { appointment: row, by: how.by, attended: how.attended });
  return row;
}

/** The patient never came: confirmed → no-show after the start. The doctor keeps the earning. */
export async function markNoShow(unit: Unit, id: string, actor: AuditActor | null, guard?: SQL) {
  const [row] = await move(
    unit.tx,
    'noShow',
    and(eq(appointments.id, id), lte(appointments.startsAt, unit.now), guard),
    {},
    unit.now,
  );
  if (row) await unit.emit('appointment.no_show', { appointment: row, actor });
  return row;
}

/** The appointment moved or was cancelled: its open proposal no longer applies. */
export const expireOpenProposal = (tx: Db, appointmentId: string, now: Date) =>
  tx
    .update(appointmentProposals)
    .set({ status: PROPOSAL_MOVES.expire.to, decidedAt: now })
    .where(
      and(
        eq(appointmentProposals.appointmentId, appointmentId),
        eq(appointmentProposals.status, PROPOSAL_MOVES.expire.from),
      ),
    );
