import { and, eq, isNull, sql } from 'drizzle-orm';
import { REMINDER_OFFSETS, type ReminderKind } from '@common/constants/email';
import type { Db } from '../../db/client';
import { jobs, users, type appointments } from '../../db/schema';
import { deleteQueuedJobs, enqueueJobs, type NewJob } from '../jobs/queue';
import type { AccountEmailPayload, EmailJobPayload, PlainAppointmentKind, Recipient } from './payloads';

type AppointmentRow = typeof appointments.$inferSelect;

/*
 * Everything here runs inside the caller's transaction: the mail exists exactly when the change
 * it announces committed. Whether an event's mail is switched on is decided when it is sent.
 */

const mailJob = (payload: EmailJobPayload, runAt: Date, appointmentId: string | null = null): NewJob => ({
  kind: 'email',
  payload,
  runAt,
  appointmentId,
});

const toBoth = (kind: PlainAppointmentKind, appointmentId: string, now: Date) =>
  (['patient', 'doctor'] as Recipient[]).map((recipient) =>
    mailJob({ kind, appointmentId, recipient }, now, appointmentId),
  );

/** Reminders still ahead of `now` for a start time; one job per reminder and recipient. */
function reminderJobs(appointmentId: string, startsAt: Date, now: Date): NewJob[] {
  return (Object.keys(REMINDER_OFFSETS) as ReminderKind[]).flatMap((kind) => {
    const runAt = new Date(startsAt.getTime() - REMINDER_OFFSETS[kind]);
    if (runAt.getTime() <= now.getTime()) return [];
    return (['patient', 'doctor'] as Recipient[]).map((recipient) => ({
      kind: 'reminder' as const,
      payload: { kind, appointmentId, recipient },
      runAt,
      appointmentId,
    }));
  });
}

/** Paid and confirmed: the confirmation to the patient, the new booking to the doctor, the reminders. */
export async function onAppointmentConfirmed(tx: Db, appointment: AppointmentRow, now: Date) {
  await enqueueJobs(tx, [
    mailJob({ kind: 'booking_confirmed', appointmentId: appointment.id, recipient: 'patient' }, now, appointment.id),
    mailJob({ kind: 'booking_new', appointmentId: appointment.id, recipient: 'doctor' }, now, appointment.id),
    ...reminderJobs(appointment.id, appointment.startsAt, now),
  ]);
}

/**
 * Link mails of the account still waiting in the queue: their link would be issued when they are
 * composed, after the retirement that is dropping them (issue 37).
 */
export async function dropQueuedAccountLinks(tx: Db, userId: string): Promise<void> {
  await deleteQueuedJobs(
    tx,
    'email',
    and(
      sql`${jobs.payload}->>'userId' = ${userId}`,
      sql`${jobs.payload}->>'kind' in ('verify_email', 'email_change_verify')`,
    ),
  );
}

/** Removes the reminders not yet sent. */
export const cancelReminders = (tx: Db, appointmentId: string): Promise<void> =>
  deleteQueuedJobs(tx, 'reminder', eq(jobs.appointmentId, appointmentId));

/** A confirmed appointment moved: its pending reminders are replaced by ones for the new time. */
export async function rescheduleReminders(tx: Db, appointmentId: string, newStart: Date, now: Date) {
  await cancelReminders(tx, appointmentId);
  await enqueueJobs(tx, reminderJobs(appointmentId, newStart, now));
}

export async function onAppointmentCancelled(tx: Db, appointment: Pick<AppointmentRow, 'id'>, now: Date) {
  await cancelReminders(tx, appointment.id);
  await enqueueJobs(tx, toBoth('booking_cancelled', appointment.id, now));
}

/** Moved to a new time: both sides hear of it (the calendar file replaces the old event), reminders follow. */
export async function onAppointmentRescheduled(
  tx: Db,
  appointmentId: string,
  previousStartsAt: Date,
  newStart: Date,
  now: Date,
) {
  await rescheduleReminders(tx, appointmentId, newStart, now);
  await enqueueJobs(
    tx,
    (['patient', 'doctor'] as Recipient[]).map((recipient) =>
      mailJob(
        { kind: 'booking_rescheduled', appointmentId, recipient, previousStartsAt: previousStartsAt.toISOString() },
        now,
        appointmentId,
      ),
    ),
  );
}

/** The doctor proposed a new time: the patient is asked to answer. No calendar file: nothing moved yet. */
export async function onTimeProposed(tx: Db, appointmentId: string, proposedStartsAt: Date, now: Date) {
  await enqueueJobs(tx, [
    mailJob(
      {
        kind: 'reschedule_proposed',
        appointmentId,
        recipient: 'patient',
        proposedStartsAt: proposedStartsAt.toISOString(),
      },
      now,
      appointmentId,
    ),
  ]);
}

/** The doctor cancelled: only the patient is told (with the doctor's reason); the reminders go. */
export async function onAppointmentCancelledByDoctor(tx: Db, appointmentId: string, now: Date) {
  await cancelReminders(tx, appointmentId);
  await enqueueJobs(tx, [
    mailJob({ kind: 'booking_cancelled_by_doctor', appointmentId, recipient: 'patient' }, now, appointmentId),
  ]);
}

export async function onPaymentRefunded(tx: Db, appointmentId: string | null, now: Date) {
  if (!appointmentId) return;
  await enqueueJobs(tx, [
    mailJob({ kind: 'booking_refunded', appointmentId, recipient: 'patient' }, now, appointmentId),
  ]);
}

/** A card refund failed: every active administrator is told, each in their own language. */
export async function onRefundFailed(tx: Db, paymentId: string, now: Date) {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.userType, 'admin'), eq(users.isActive, true), isNull(users.deletedAt)));
  await enqueueJobs(
    tx,
    admins.map((admin) => mailJob({ kind: 'refund_failed', paymentId, userId: admin.id }, now)),
  );
}

/** The doctor shared a visit summary: the patient hears that it is ready, and nothing of what it says. */
export async function onVisitSummaryShared(tx: Db, appointmentId: string, now: Date) {
  await enqueueJobs(tx, [
    mailJob({ kind: 'visit_summary_shared', appointmentId, recipient: 'patient' }, now, appointmentId),
  ]);
}

/** The doctor marked a visit's outcome by hand: the patient hears what, and until when to dispute it. */
export async function onOutcomeHeld(tx: Db, appointmentId: string, now: Date) {
  await enqueueJobs(tx, [
    mailJob({ kind: 'visit_outcome_marked', appointmentId, recipient: 'patient' }, now, appointmentId),
  ]);
}

/** The patient hears that a document of theirs was revoked (the mail is composed from the row when it goes). */
export async function onCareDocumentRevoked(tx: Db, documentId: string, appointmentId: string, now: Date) {
  await enqueueJobs(tx, [mailJob({ kind: 'care_document_revoked', documentId }, now, appointmentId)]);
}

export async function onApplicationDecided(
  tx: Db,
  applicationId: string,
  decision: 'approved' | 'rejected',
  now: Date,
) {
  await enqueueJobs(tx, [mailJob({ kind: `application_${decision}`, applicationId }, now)]);
}

/** A marketing message to one person; sent only if they have not opted out when it goes. */
export async function enqueueMarketingEmail(
  tx: Db,
  userId: string,
  message: { subject: string; message: string },
  now: Date,
) {
  await enqueueMarketingEmails(tx, [userId], message, now);
}

/** Rows per statement: a campaign to thousands stays within the statement's parameter limit. */
const MARKETING_BATCH = 1_000;

/** One marketing message to each person, queued in batches; each is checked against the opt-out when it goes. */
export async function enqueueMarketingEmails(
  tx: Db,
  userIds: string[],
  message: { subject: string; message: string },
  now: Date,
) {
  for (let i = 0; i < userIds.length; i += MARKETING_BATCH) {
    await enqueueJobs(
      tx,
      userIds.slice(i, i + MARKETING_BATCH).map((userId) => mailJob({ kind: 'campaign', userId, ...message }, now)),
    );
  }
}

/** Mail about the account itself (verification, reset, changes); a link's token is made when it is composed. */
export async function enqueueAccountEmail(tx: Db, payload: AccountEmailPayload, now: Date) {
  await enqueueJobs(tx, [mailJob(payload, now)]);
}
