import { and, eq, gt, inArray } from 'drizzle-orm';
import type { NewTimeBody, Proposal } from '@common/schemas/reschedule';
import { toTwelveHour, wallClock } from '@common/rules/zoned-time';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { appointmentProposals, appointments, doctors } from '../../db/schema';
import { AppError, localizedError, notFound } from '../../core/errors';
import { recordAudit, type AuditActor } from '../audit/record';
import { inUnit, type UnitServices } from '../events/bus';
import { doctorWithListing } from '../listing/rule';
import { loadAppointment } from './queries';
import { moveAppointment } from './reschedule';
import { notifyProposal, notifyProposalDeclined } from './reschedule-messages';
import { bookableSlot } from './slot-check';
import { appointmentsBookedBy, appointmentsWhere } from '../../policies/appointment';

type ProposalRow = typeof appointmentProposals.$inferSelect;

export const presentProposal = (p: ProposalRow, timeZone: string): Proposal => {
  const local = wallClock(p.startsAt, timeZone);
  return {
    id: p.id,
    appointmentId: p.appointmentId,
    startsAt: p.startsAt.toISOString(),
    appointmentDate: local.date,
    appointmentTime: toTwelveHour(local.time),
    timeZone,
    createdAt: p.createdAt.toISOString(),
  };
};

/**
 * An open proposal applies while its appointment is still confirmed at the time it was proposed
 * from and the proposed slot is ahead. Checked where proposals are read, so one that stopped
 * applying is never offered, whoever changed the appointment.
 */
export const proposalApplies = (now: Date) =>
  and(
    eq(appointmentProposals.status, 'open'),
    eq(appointments.status, 'confirmed'),
    eq(appointments.startsAt, appointmentProposals.fromStartsAt),
    gt(appointmentProposals.startsAt, now),
  );

/** Open proposals that still apply, for the given appointments. */
export async function openProposals(db: Db, appointmentIds: string[], now: Date) {
  if (appointmentIds.length === 0) return new Map<string, Proposal>();
  const rows = await db
    .select({ p: appointmentProposals, timeZone: appointments.timeZone })
    .from(appointmentProposals)
    .innerJoin(appointments, eq(appointments.id, appointmentProposals.appointmentId))
    .where(and(inArray(appointmentProposals.appointmentId, appointmentIds), proposalApplies(now)));
  return new Map(rows.map(({ p, timeZone }) => [p.appointmentId, presentProposal(p, timeZone)]));
}

/** The patient's proposals waiting for an answer. */
export async function patientProposals(db: Db, patientId: string, now: Date): Promise<Proposal[]> {
  const rows = await db
    .select({ p: appointmentProposals, timeZone: appointments.timeZone })
    .from(appointmentProposals)
    .innerJoin(appointments, eq(appointments.id, appointmentProposals.appointmentId))
    .where(and(appointmentsBookedBy({ id: patientId }), proposalApplies(now)))
    .orderBy(appointmentProposals.startsAt);
  return rows.map(({ p, timeZone }) => presentProposal(p, timeZone));
}

/**
 * The doctor offers another bookable slot of theirs for an upcoming confirmed appointment. A new
 * proposal replaces the open one (one open proposal per appointment: a partial unique index, so
 * two at once give one 201 and one 409). The slot is not held: the patient's acceptance takes it
 * only if it is still free.
 */
export async function proposeTime(
  services: UnitServices,
  actor: AuditActor,
  doctorUserId: string,
  id: string,
  body: NewTimeBody & { appointmentDate: string; appointmentTime: string },
  now: Date,
): Promise<Proposal> {
  const { db } = services;
  const [found] = await db
    .select({ a: appointments, doctor: doctors })
    .from(appointments)
    .innerJoin(doctors, eq(doctors.id, appointments.doctorId))
    .where(and(eq(appointments.id, id), appointmentsWhere({ id: doctorUserId }, 'manage_book')));
  if (!found) throw notFound('Appointment');
  const { a, doctor } = found;
  if (a.status !== 'confirmed' || a.startsAt.getTime() <= now.getTime()) {
    throw localizedError('conflict', 'errors.newTimeProposedUpcoming');
  }
  try {
    return await inUnit(services, now, async (unit) => {
      const { tx } = unit;
      const startsAt = await proposedSlot(tx, doctor, a, body, now);
      await tx
        .update(appointmentProposals)
        .set({ status: 'superseded', decidedAt: now })
        .where(and(eq(appointmentProposals.appointmentId, id), eq(appointmentProposals.status, 'open')));
      const [proposal] = await tx
        .insert(appointmentProposals)
        .values({ appointmentId: id, fromStartsAt: a.startsAt, startsAt, createdAt: now })
        .returning();
      await notifyProposal(tx, a, startsAt);
      await unit.emit('appointment.time_proposed', { appointment: a, proposedStartsAt: startsAt });
      await recordAudit(
        tx,
        actor,
        {
          action: 'appointment.propose_time',
          target: { type: 'appointment', id },
          subjectUserId: a.patientId,
          before: { startsAt: a.startsAt.toISOString() },
          after: { proposedStartsAt: startsAt.toISOString() },
        },
        now,
      );
      return presentProposal(proposal, a.timeZone);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw localizedError('conflict', 'errors.anotherNewTimeProposed');
    throw error;
  }
}

async function ownOpenProposal(db: Db, patientId: string, appointmentId: string) {
  const [a] = await db
    .select()
    .from(appointments)
    .where(and(eq(appointments.id, appointmentId), appointmentsWhere({ id: patientId }, 'manage_booking')));
  if (!a) throw notFound('Appointment');
  const [p] = await db
    .select()
    .from(appointmentProposals)
    .where(and(eq(appointmentProposals.appointmentId, appointmentId), eq(appointmentProposals.status, 'open')));
  if (!p) throw localizedError('conflict', 'errors.thereProposedNewTime');
  return { a, p };
}

const expire = (db: Db, proposalId: string, now: Date) =>
  db
    .update(appointmentProposals)
    .set({ status: 'expired', decidedAt: now })
    .where(and(eq(appointmentProposals.id, proposalId), eq(appointmentProposals.status, 'open')));

/**
 * The patient takes the proposed time: the same move as a reschedule, in one transaction with the
 * proposal's acceptance. If the slot was taken meanwhile the appointment keeps its time, the
 * proposal expires and the answer is a 409.
 */
export async function acceptProposal(
  services: UnitServices,
  actor: AuditActor,
  patientId: string,
  appointmentId: string,
  now: Date,
) {
  const { db } = services;
  const { a, p } = await ownOpenProposal(db, patientId, appointmentId);
  const stale =
    a.status !== 'confirmed' ||
    a.startsAt.getTime() !== p.fromStartsAt.getTime() ||
    p.startsAt.getTime() <= now.getTime();
  if (stale) {
    await expire(db, p.id, now);
    throw localizedError('conflict', 'errors.proposedTimeLongerApplies');
  }
  if (!(await doctorWithListing(db, a.doctorId))?.listed) {
    throw localizedError('conflict', 'errors.doctorTakingNewTimes');
  }
  const doctor = (await doctorWithListing(db, a.doctorId))!;
  try {
    await inUnit(services, now, async (unit) => {
      const { tx } = unit;
      // The doctor may have changed their hours since proposing: the time must still be bookable.
      const local = wallClock(p.startsAt, doctor.timeZone);
      const request = {
        appointmentDate: local.date,
        appointmentTime: toTwelveHour(local.time),
        consultationType: a.consultationType,
        except: a.id,
      };
      const { startsAt } = await bookableSlot(tx, doctor, request, now);
      if (startsAt.getTime() !== p.startsAt.getTime())
        throw localizedError('bad_request', 'errors.proposedTimeLongerOffered');
      const [accepted] = await tx
        .update(appointmentProposals)
        .set({ status: 'accepted', decidedAt: now })
        .where(and(eq(appointmentProposals.id, p.id), eq(appointmentProposals.status, 'open')))
        .returning();
      if (!accepted) throw localizedError('conflict', 'errors.proposedTimeAnswered');
      await moveAppointment(unit, a, p.startsAt, { actor, via: 'proposal' });
    });
  } catch (error) {
    const taken = isUniqueViolation(error) || (error instanceof AppError && error.text?.key === 'errors.slotTaken');
    if (!taken) throw error;
    await expire(db, p.id, now);
    throw localizedError('conflict', 'errors.proposedTimeBeenBooked');
  }
  return (await loadAppointment(db, eq(appointments.id, appointmentId)))!;
}

export async function declineProposal(db: Db, actor: AuditActor, patientId: string, appointmentId: string, now: Date) {
  const { a, p } = await ownOpenProposal(db, patientId, appointmentId);
  await db.transaction(async (tx) => {
    const [declined] = await tx
      .update(appointmentProposals)
      .set({ status: 'declined', decidedAt: now })
      .where(and(eq(appointmentProposals.id, p.id), eq(appointmentProposals.status, 'open')))
      .returning();
    if (!declined) throw localizedError('conflict', 'errors.proposedTimeAnswered');
    await notifyProposalDeclined(tx, a, p.startsAt);
    await recordAudit(
      tx,
      actor,
      {
        action: 'appointment.decline_proposal',
        target: { type: 'appointment', id: appointmentId },
        subjectUserId: patientId,
        after: { proposedStartsAt: p.startsAt.toISOString() },
      },
      now,
    );
  });
  return (await loadAppointment(db, eq(appointments.id, appointmentId)))!;
}

/** The proposed slot, judged under the doctor's lock; an exact clash is a 409 as before. */
async function proposedSlot(
  tx: Db,
  doctor: typeof doctors.$inferSelect,
  a: typeof appointments.$inferSelect,
  body: { appointmentDate: string; appointmentTime: string },
  now: Date,
): Promise<Date> {
  const request = { ...body, consultationType: a.consultationType, except: a.id };
  let startsAt: Date;
  try {
    ({ startsAt } = await bookableSlot(tx, doctor, request, now));
  } catch (error) {
    if (error instanceof AppError && error.code === 'conflict') {
      throw localizedError('conflict', 'errors.timeBookedChooseAnother');
    }
    throw error;
  }
  if (startsAt.getTime() === a.startsAt.getTime()) {
    throw localizedError('bad_request', 'errors.appointmentTimeChooseAnother2', undefined, {
      appointmentTime: { key: 'errors.field.sameAsCurrentTime' },
    });
  }
  return startsAt;
}
