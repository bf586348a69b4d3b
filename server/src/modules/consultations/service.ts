import { and, asc, eq, exists, gte, inArray, lte, sql } from 'drizzle-orm';
import { MIN_JOINT_PRESENCE_MINUTES } from '@common/constants/platform';
import type { RemoteConsultationType } from '@common/constants/consultation-types';
import {
  START_EARLY_MINUTES,
  type Consultation,
  type IceServer,
  type UpcomingConsultation,
} from '@common/schemas/consultations';
import { JOIN_OPENS_MINUTES_BEFORE, joinPhase, visitNotOver, type JoinPhase } from '@common/rules/join-window';
import { toTwelveHour, wallClock } from '@common/rules/zoned-time';
import type { Db } from '../../db/client';
import { appointments, consultations, doctors, users } from '../../db/schema';
import { type ErrorText, localizedError, notFound } from '../../core/errors';
import type { Bus } from '../../realtime/bus';
import { consultationEndedEvent, consultationStartedEvent } from '../../realtime/events';
import { completeAppointment } from '../appointments/commands';
import { inUnit, type UnitServices } from '../events/bus';
import { isPaid } from '../appointments/payment-status';
import { jointPresenceSeconds } from './presence';
import { openForParticipant, ROOM_APPOINTMENT_STATUSES, type ParticipantView } from './participant';
import { appointmentsBookedBy, appointmentsWhere } from '../../policies/appointment';
import { can, roomParties } from '../../policies/consultation';

const forbiddenStart = () => localizedError('forbidden', 'errors.onlyDoctorStarts');

/** Why a consultation cannot be started now (the room's note says the same in the client's words). */
const START_REFUSALS: Record<Exclude<JoinPhase, 'open'>, ErrorText> = {
  'not-yet': { key: 'errors.startRefused.notYet', values: { minutes: JOIN_OPENS_MINUTES_BEFORE } },
  over: { key: 'errors.startRefused.over' },
};

export function presentConsultation(view: ParticipantView, iceServers: IceServer[]): Consultation {
  const { appointment: a, consultation: c } = view;
  const local = wallClock(a.startsAt, a.timeZone);
  return {
    id: c.appointmentId,
    appointmentId: a.id,
    status: c.status,
    startedAt: c.startedAt?.toISOString() ?? null,
    endedAt: c.endedAt?.toISOString() ?? null,
    serverTime: new Date().toISOString(),
    appointment: {
      id: a.id,
      status: a.status,
      consultationType: a.consultationType,
      reasonForVisit: a.reasonForVisit,
      appointmentDate: local.date,
      appointmentTime: toTwelveHour(local.time),
      startsAt: a.startsAt.toISOString(),
      durationMinutes: a.durationMinutes,
      timeZone: a.timeZone,
      fee: a.fee,
      paymentStatus: view.paymentStatus,
    },
    doctor: { id: view.doctor.id, userId: view.doctor.userId, specialty: view.doctor.specialty, user: view.doctorUser },
    patient: view.patient,
    familyMember: view.familyMember ?? null,
    iceServers,
  };
}

export async function getConsultation(db: Db, userId: string, id: string): Promise<ParticipantView> {
  const view = await openForParticipant(db, id, userId);
  if (!view) throw notFound('Consultation');
  return view;
}

/**
 * waiting → active, by the appointment's doctor, for a confirmed and paid appointment inside its
 * join window (common/rules/join-window.ts: from START_EARLY_MINUTES before its start until its end),
 * the same window in which the screens offer Join. One conditional UPDATE decides (the window's
 * two bounds restated in SQL); the reads after a refusal only pick the message.
 */
export async function startConsultation(db: Db, bus: Bus | null, userId: string, id: string, now: Date = new Date()) {
  const view = await getConsultation(db, userId, id);
  if (!can({ id: userId }, 'start', roomParties(view))) throw forbiddenStart();
  const latestStart = new Date(now.getTime() + START_EARLY_MINUTES * 60_000);
  const notOverYet = sql`${appointments.startsAt} + make_interval(mins => ${appointments.durationMinutes}) > ${now.toISOString()}::timestamptz`;
  const started = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(consultations)
      .set({ status: 'active', startedAt: now })
      .where(
        and(
          eq(consultations.appointmentId, id),
          eq(consultations.status, 'waiting'),
          exists(
            tx
              .select({ id: appointments.id })
              .from(appointments)
              .innerJoin(doctors, eq(doctors.id, appointments.doctorId))
              .where(
                and(
                  eq(appointments.id, consultations.appointmentId),
                  appointmentsWhere({ id: userId }, 'manage_book'),
                  inArray(appointments.status, [...ROOM_APPOINTMENT_STATUSES]),
                  lte(appointments.startsAt, latestStart),
                  notOverYet,
                  isPaid(appointments.id),
                ),
              ),
          ),
        ),
      )
      .returning();
    const notify =
      row &&
      bus?.notifyStatement({ t: 'deliver', consultationId: id, msg: consultationStartedEvent(id, row.startedAt!) });
    if (notify) await tx.execute(notify);
    return row;
  });
  if (started)
    return { view: { ...view, consultation: started }, event: consultationStartedEvent(id, started.startedAt!) };
  const fresh = await getConsultation(db, userId, id);
  if (fresh.consultation.status !== 'waiting') throw localizedError('conflict', 'errors.consultationStarted');
  if (fresh.paymentStatus !== 'succeeded') throw localizedError('conflict', 'errors.appointmentBeenPaid');
  const phase = joinPhase(fresh.appointment, now);
  if (phase !== 'open') throw localizedError('conflict', START_REFUSALS[phase].key, START_REFUSALS[phase].values);
  throw localizedError('conflict', 'errors.consultationCannotStarted');
}

/**
 * active → ended by either participant; in the same unit the appointment is completed through its
 * command, marked attended when doctor and patient were in the room together for
 * MIN_JOINT_PRESENCE_MINUTES (the earning subscriber then releases the doctor's share; a shorter
 * call leaves it pending for an administrator to decide). Two racing ends: one wins, one gets 409.
 */
export async function endConsultation(services: UnitServices, userId: string, id: string, now: Date = new Date()) {
  const view = await getConsultation(services.db, userId, id);
  const ended = await endActiveConsultation(services, id, now);
  if (!ended) {
    throw localizedError(
      'conflict',
      view.consultation.status === 'waiting' ? 'errors.consultationNotStartedYet' : 'errors.consultationAlreadyEnded',
    );
  }
  return { view: { ...view, consultation: ended }, event: consultationEndedEvent(id, ended.endedAt!) };
}

/**
 * The End Call command itself, for whoever may end the room (a participant, or the
 * consultation_end job for a call left running): null when it was not active. The caller delivers
 * `consultation_ended` to this instance's sockets; other instances hear it through the bus here.
 */
export async function endActiveConsultation(services: UnitServices, id: string, now: Date) {
  return inUnit(services, now, async (unit) => {
    const { tx } = unit;
    const [row] = await tx
      .update(consultations)
      .set({ status: 'ended', endedAt: now })
      .where(and(eq(consultations.appointmentId, id), eq(consultations.status, 'active')))
      .returning();
    if (!row) return null;
    const attended = (await jointPresenceSeconds(tx, id, now)) >= MIN_JOINT_PRESENCE_MINUTES * 60;
    await completeAppointment(unit, id, { by: 'room', attended });
    const notify = services.rooms?.bus?.notifyStatement({
      t: 'deliver',
      consultationId: id,
      msg: consultationEndedEvent(id, row.endedAt!),
    });
    if (notify) await tx.execute(notify);
    return row;
  });
}

/** My confirmed video (or voice) appointments dated today or later ("today" in the appointment's zone) and not over. */
export async function listUpcoming(
  db: Db,
  userId: string,
  type: RemoteConsultationType,
  now: Date = new Date(),
): Promise<UpcomingConsultation[]> {
  const rows = await db
    .select({ appointment: appointments, specialty: doctors.specialty, user: users })
    .from(appointments)
    .innerJoin(doctors, eq(doctors.id, appointments.doctorId))
    .innerJoin(users, eq(users.id, doctors.userId))
    .where(
      and(
        appointmentsBookedBy({ id: userId }),
        eq(appointments.consultationType, type),
        inArray(appointments.status, [...ROOM_APPOINTMENT_STATUSES]),
        // A generous lower bound; the exact "today" is decided per zone below.
        gte(appointments.startsAt, new Date(now.getTime() - 2 * 86_400_000)),
      ),
    )
    .orderBy(asc(appointments.startsAt))
    .limit(100);
  return (
    rows
      // Dated today or later, and not over: a visit whose time has passed is not offered again.
      .filter(({ appointment: a }) => wallClock(a.startsAt, a.timeZone).date >= wallClock(now, a.timeZone).date)
      .filter(({ appointment: a }) => visitNotOver(a, now))
      .map(({ appointment: a, specialty, user }) => {
        const local = wallClock(a.startsAt, a.timeZone);
        return {
          appointmentId: a.id,
          consultationType: a.consultationType,
          appointmentDate: local.date,
          appointmentTime: toTwelveHour(local.time),
          startsAt: a.startsAt.toISOString(),
          durationMinutes: a.durationMinutes,
          timeZone: a.timeZone,
          doctor: {
            specialty,
            user: { firstName: user.firstName, lastName: user.lastName, profileImageUrl: user.profileImageUrl },
          },
        };
      })
  );
}
