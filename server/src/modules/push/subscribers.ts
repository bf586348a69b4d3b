import { and, eq, sql, type SQL } from 'drizzle-orm';
import { PUSH_REMINDER_BEFORE_MS } from '@common/constants/push';
import type { Db } from '../../db/client';
import { doctors, jobs, pushSubscriptions, type appointments } from '../../db/schema';
import { on } from '../events/bus';
import { deleteQueuedJobs, enqueueJobs, type NewJob } from '../jobs/queue';
import type { PushJobPayload } from './job';

type AppointmentRow = typeof appointments.$inferSelect;

const pushJobOf = (payload: PushJobPayload, runAt: Date, appointmentId: string | null = null): NewJob => ({
  kind: 'push',
  payload,
  runAt,
  appointmentId,
  // A push is worth little late: a few tries, then the bell and the e-mail stand.
  maxAttempts: 3,
});

async function hasDevices(tx: Db, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .limit(1);
  return Boolean(row);
}

/**
 * Who hears of a confirmed booking, in one statement (it runs in every payment's transaction): the
 * doctor's account and whether each side has a device.
 */
async function confirmedAudience(tx: Db, appointment: AppointmentRow) {
  const devices = (userId: SQL | string) =>
    sql<boolean>`exists (select 1 from ${pushSubscriptions} where ${pushSubscriptions.userId} = ${userId})`;
  const [row] = await tx
    .select({
      doctorUser: doctors.userId,
      patientDevices: devices(appointment.patientId),
      doctorDevices: devices(sql`${doctors.userId}`),
    })
    .from(doctors)
    .where(eq(doctors.id, appointment.doctorId));
  return row ?? { doctorUser: null, patientDevices: await hasDevices(tx, appointment.patientId), doctorDevices: false };
}

async function doctorUserId(tx: Db, doctorId: string): Promise<string | null> {
  const [row] = await tx.select({ userId: doctors.userId }).from(doctors).where(eq(doctors.id, doctorId));
  return row?.userId ?? null;
}

/**
 * Both parties' reminders, 15 minutes before the start. Queued whether or not they have a device
 * yet: the patient is asked to allow notifications right after booking, after this has run.
 */
function reminderJobs(appointment: AppointmentRow, doctorUser: string | null, now: Date): NewJob[] {
  const runAt = new Date(appointment.startsAt.getTime() - PUSH_REMINDER_BEFORE_MS);
  if (runAt.getTime() <= now.getTime()) return [];
  const startsAt = appointment.startsAt.toISOString();
  return [appointment.patientId, doctorUser]
    .filter((userId): userId is string => userId !== null)
    .map((userId) =>
      pushJobOf({ notice: 'reminder', userId, appointmentId: appointment.id, startsAt }, runAt, appointment.id),
    );
}

const dropReminders = (tx: Db, appointmentId: string) =>
  deleteQueuedJobs(
    tx,
    'push',
    and(eq(jobs.appointmentId, appointmentId), sql`${jobs.payload}->>'notice' = 'reminder'`),
  );

/**
 * Pushes follow the domain like e-mail: each is a job written in the event's transaction (the
 * jobs table is the outbox), so it goes only when the change it announces committed, and sending
 * never holds up or fails the change itself. Immediate notices are queued only for people with a
 * device; the job looks again when it runs.
 */
export const pushSubscribers = [
  on('appointment.confirmed', 'push: confirmation, new booking, reminders', async ({ appointment }, { tx, now }) => {
    const { doctorUser, patientDevices, doctorDevices } = await confirmedAudience(tx, appointment);
    const list: NewJob[] = [];
    if (patientDevices) {
      list.push(
        pushJobOf(
          { notice: 'booking_confirmed', userId: appointment.patientId, appointmentId: appointment.id },
          now,
          appointment.id,
        ),
      );
    }
    if (doctorUser && doctorDevices) {
      list.push(
        pushJobOf({ notice: 'booking_new', userId: doctorUser, appointmentId: appointment.id }, now, appointment.id),
      );
    }
    await enqueueJobs(tx, [...list, ...reminderJobs(appointment, doctorUser, now)]);
  }),
  on('appointment.cancelled', 'push: reminders removed', async ({ appointment }, { tx }) => {
    await dropReminders(tx, appointment.id);
  }),
  on('appointment.rescheduled', 'push: reminders moved', async ({ appointment }, { tx, now }) => {
    await dropReminders(tx, appointment.id);
    await enqueueJobs(tx, reminderJobs(appointment, await doctorUserId(tx, appointment.doctorId), now));
  }),
  on('conversation.message_sent', 'push: the recipient hears who wrote', async (event, { tx, now }) => {
    if (!(await hasDevices(tx, event.recipientId))) return;
    await enqueueJobs(tx, [
      pushJobOf({ notice: 'message', userId: event.recipientId, senderId: event.message.senderId }, now),
    ]);
  }),
];

/** A waitlist offer on the patient's devices, queued in the offer's transaction beside its bell and e-mail. */
export async function queueOfferPush(tx: Db, userId: string, appointmentId: string, now: Date) {
  if (!(await hasDevices(tx, userId))) return;
  await enqueueJobs(tx, [pushJobOf({ notice: 'waitlist_offer', userId, appointmentId }, now, appointmentId)]);
}
