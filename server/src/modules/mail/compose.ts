import { and, eq, isNotNull } from 'drizzle-orm';
import type { EmailEvent } from '@common/constants/admin';
import { MARKETING_EMAIL_KINDS, REMINDER_GRACE_MS, REMINDER_OFFSETS, type EmailKind } from '@common/constants/email';
import { languageOf } from '@common/i18n/negotiate';
import type { Db } from '../../db/client';
import { doctorApplications, users } from '../../db/schema';
import { readSettings } from '../platform/settings';
import type { ServerMessageKey } from '@common/i18n/keys';
import { translate } from '../../core/i18n';
import { appointmentIcs } from '../appointments/calendar';
import { loadAppointmentById } from '../appointments/queries';
import { appointmentView } from '../appointment-view/view';
import { refundWhereText } from './refund-where';
import { appointmentMailInLanguage } from './localized';
import { isAccountEmail, isReminder, type EmailJobPayload } from './payloads';
import { composeAccountEmail } from './account-mail';
import { unsubscribeToken, unsubscribeUrl } from './unsubscribe';
import { composeSummaryReady } from './summary-ready';
import { composeRefundFailed } from './refund-failed';
import { composeMessageUnread } from './message-unread';
import { composeOutcomeMarked } from './outcome-marked';
import { composeCareDocumentRevoked } from './care-document-revoked';
import { composeWaitlistOffer } from './waitlist-offer';

import type { Composition } from './composition';
import type { EmailContent } from './template';
import { DEFAULT_LANGUAGE } from '@common/i18n/languages';
export type { ComposedEmail, Composition } from './composition';

/** Which administrators' e-mail event switches each kind; campaigns follow the person's opt-out instead. */
const EVENT_OF: Record<EmailKind, EmailEvent | null> = {
  booking_confirmed: 'payment_succeeded',
  booking_new: 'payment_succeeded',
  booking_refunded: 'payment_refunded',
  booking_cancelled: 'appointment_cancelled',
  booking_cancelled_by_doctor: 'appointment_cancelled',
  booking_rescheduled: 'appointment_rescheduled',
  reschedule_proposed: 'appointment_rescheduled',
  reminder_24h: 'appointment_reminder',
  reminder_1h: 'appointment_reminder',
  application_approved: 'doctor_application_decided',
  application_rejected: 'doctor_application_decided',
  campaign: null,
  visit_summary_shared: null,
  verify_email: null,
  password_reset: null,
  password_changed: null,
  email_change_verify: null,
  email_changed: null,
  security_notice: null,
  refund_failed: null,
  message_unread: null,
  visit_outcome_marked: null,
  care_document_revoked: null,
  waitlist_offer: null,
  family_takeover_invite: null,
  family_record_taken_over: null,
};

/** The e-mail events the administrators have switched on. */
export const enabledEmailEvents = async (db: Db) => (await readSettings(db)).emailEvents as EmailEvent[];

/** The two reads of an appointment a mail about it needs: the screens' shape and the one view. */
export const readAppointmentForMail = (db: Db, id: string) =>
  Promise.all([loadAppointmentById(db, id), appointmentView(db, id)]);
type AppointmentReads = (id: string) => ReturnType<typeof readAppointmentForMail>;

/**
 * `events` reads the administrators' switches and `appointment` an appointment's two reads; the
 * job worker passes ones shared by the jobs of a batch, so a batch reads the settings once and
 * the patient's and the doctor's mail about one appointment read it once.
 */
export async function composeEmail(
  db: Db,
  origin: string,
  payload: EmailJobPayload,
  now: Date,
  events: () => Promise<EmailEvent[]> = () => enabledEmailEvents(db),
  appointment: AppointmentReads = (id) => readAppointmentForMail(db, id),
): Promise<Composition> {
  const event = EVENT_OF[payload.kind];
  if (event && !(await events()).includes(event)) {
    return { dropped: `the "${event}" e-mail event is switched off` };
  }
  if (isAccountEmail(payload)) return composeAccountEmail(db, origin, payload, now);
  if (payload.kind === 'campaign') return composeCampaign(db, origin, payload);
  if (payload.kind === 'visit_summary_shared') return composeSummaryReady(db, origin, payload.appointmentId);
  if (payload.kind === 'refund_failed') return composeRefundFailed(db, origin, payload);
  if (payload.kind === 'message_unread') return composeMessageUnread(db, origin, payload);
  if (payload.kind === 'visit_outcome_marked') return composeOutcomeMarked(db, origin, payload.appointmentId);
  if (payload.kind === 'care_document_revoked') return composeCareDocumentRevoked(db, origin, payload);
  if (payload.kind === 'waitlist_offer') return composeWaitlistOffer(db, origin, payload.appointmentId);
  if ('applicationId' in payload) return composeApplication(db, origin, payload);
  return composeAppointment(origin, payload, now, appointment);
}

async function composeAppointment(
  origin: string,
  payload: Exclude<
    Extract<EmailJobPayload, { appointmentId: string }>,
    { kind: 'visit_summary_shared' | 'visit_outcome_marked' | 'waitlist_offer' }
  >,
  now: Date,
  reads: AppointmentReads,
): Promise<Composition> {
  const [appointment, view] = await reads(payload.appointmentId);
  const people = view && {
    patientEmail: view.patient.email,
    patientFirstName: view.patient.firstName,
    patientDeleted: view.patient.deleted,
    patientLanguage: view.patient.language,
    doctorLanguage: view.doctor.language,
    doctorUserId: view.doctor.userId,
    doctorEmail: view.doctor.email,
    doctorDeleted: view.doctor.deleted,
    calendarSequence: view.calendarSequence,
    cancellationReason: view.cancellationReason,
  };
  if (!appointment || !view || !people) return { dropped: 'the appointment no longer exists' };
  const start = new Date(appointment.startsAt);
  if (isReminder(payload.kind)) {
    if (appointment.status !== 'confirmed') return { dropped: `the appointment is ${appointment.status}` };
    const due = start.getTime() - REMINDER_OFFSETS[payload.kind];
    if (now.getTime() - due > REMINDER_GRACE_MS)
      return { dropped: 'too late: the reminder was due over 15 minutes ago' };
  }
  const toDoctor = payload.recipient === 'doctor';
  if (toDoctor ? people.doctorDeleted : people.patientDeleted) return { dropped: 'the account was deleted' };

  // Each recipient reads their own account's language (issue 28) and clock (decision 047), the
  // other side's clock beside it.
  const language = languageOf(toDoctor ? people.doctorLanguage : people.patientLanguage) ?? DEFAULT_LANGUAGE;
  const zone = toDoctor ? view.doctor.zone : view.patient.zone;
  const otherZone = toDoctor ? view.patient.zone : view.doctor.zone;
  const where =
    appointment.consultationType === 'in-person'
      ? (appointment.doctor.officeAddress ?? `${appointment.doctor.location}, ${appointment.doctor.country}`)
      : null;
  const cancelled = appointment.status === 'cancelled';
  const proposal = payload.kind === 'reschedule_proposed';
  const showJoin = !cancelled && payload.kind !== 'booking_refunded' && !proposal;
  // Every part that came back and where it went: a wallet refund never reads as one to the card.
  const refundParts = view.payment?.refunds ?? [];
  const { labels, ...said } = appointmentMailInLanguage(language, {
    kind: payload.kind,
    toDoctor,
    instant: start,
    zone,
    otherZone,
    type: appointment.consultationType,
    doctorName: `Dr. ${appointment.doctor.user.firstName} ${appointment.doctor.user.lastName}`,
    doctorLastName: appointment.doctor.user.lastName,
    patientName: `${appointment.patient.firstName} ${appointment.patient.lastName}`,
    patientFirstName: people.patientFirstName,
    where,
    previousStartsAt: 'previousStartsAt' in payload ? payload.previousStartsAt : undefined,
    proposedStartsAt: 'proposedStartsAt' in payload ? payload.proposedStartsAt : undefined,
    cancellationReason: people.cancellationReason,
    refundCents: view.payment?.refunded || appointment.fee,
    refundWhere: refundWhereText(language, refundParts),
  });
  const content: EmailContent = {
    ...said,
    action: proposal
      ? { label: labels.answer, url: `${origin}/appointments` }
      : showJoin
        ? { label: labels.join, url: `${origin}/consultation?appointmentId=${appointment.id}` }
        : undefined,
    language,
  };
  return {
    kind: payload.kind,
    userId: toDoctor ? people.doctorUserId : appointment.patientId,
    toAddress: toDoctor ? people.doctorEmail : people.patientEmail,
    appointmentId: appointment.id,
    content,
    ics:
      // A proposal moves nothing yet; a refund of a live appointment changes no calendar.
      proposal || (payload.kind === 'booking_refunded' && !cancelled)
        ? null
        : {
            content: appointmentIcs(view, origin, now, {
              method: cancelled ? 'CANCEL' : 'PUBLISH',
              // Each move raised the stored sequence; a cancellation goes one above the last version sent.
              sequence: people.calendarSequence + (cancelled ? 1 : 0),
              language,
            }),
            method: cancelled ? 'CANCEL' : 'PUBLISH',
          },
    suppressed: false,
  };
}

async function composeApplication(
  db: Db,
  origin: string,
  payload: Extract<EmailJobPayload, { applicationId: string }>,
): Promise<Composition> {
  const [application] = await db
    .select({ email: doctorApplications.email, firstName: doctorApplications.firstName })
    .from(doctorApplications)
    .where(eq(doctorApplications.id, payload.applicationId));
  if (!application) return { dropped: 'the application no longer exists' };
  // The mail goes to the address applied with; it is linked to an account only if that account verified it.
  const [account] = await db
    .select({ id: users.id, language: users.language })
    .from(users)
    .where(and(eq(users.email, application.email), isNotNull(users.emailVerifiedAt)));
  const approved = payload.kind === 'application_approved';
  // Only a verified account linked by the address says which language the applicant reads.
  const language = languageOf(account?.language) ?? DEFAULT_LANGUAGE;
  const t = (key: ServerMessageKey) => translate(language, key);
  const texts = approved ? APPLICATION_TEXTS.approved : APPLICATION_TEXTS.rejected;
  return {
    kind: payload.kind,
    userId: account?.id ?? null,
    toAddress: application.email,
    appointmentId: null,
    content: {
      subject: t(texts.subject),
      heading: t(texts.heading),
      paragraphs: [translate(language, 'mail.greeting.patient', { name: application.firstName }), t(texts.line)],
      action: approved ? { label: t('mail.application.approved.action'), url: `${origin}/profile-builder` } : undefined,
      language,
    },
    ics: null,
    suppressed: false,
  };
}

const APPLICATION_TEXTS = {
  approved: {
    subject: 'mail.application.approved.subject',
    heading: 'mail.application.approved.heading',
    line: 'mail.application.approved.line',
  },
  rejected: {
    subject: 'mail.application.rejected.subject',
    heading: 'mail.application.rejected.heading',
    line: 'mail.application.rejected.line',
  },
} as const;

async function composeCampaign(
  db: Db,
  origin: string,
  payload: Extract<EmailJobPayload, { kind: 'campaign' }>,
): Promise<Composition> {
  const [user] = await db
    .select({
      email: users.email,
      optOut: users.marketingEmailOptOut,
      deletedAt: users.deletedAt,
      language: users.language,
    })
    .from(users)
    .where(eq(users.id, payload.userId));
  if (!user || user.deletedAt) return { dropped: 'the account was deleted' };
  return {
    kind: 'campaign',
    userId: payload.userId,
    toAddress: user.email,
    appointmentId: null,
    content: {
      subject: payload.subject,
      heading: payload.subject,
      paragraphs: payload.message.split(/\n{2,}/),
      unsubscribeUrl: unsubscribeUrl(origin, await unsubscribeToken(db, payload.userId)),
      // The administrator's words stay as written; the layout around them speaks the reader's language.
      language: languageOf(user.language) ?? DEFAULT_LANGUAGE,
    },
    ics: null,
    suppressed: user.optOut,
  };
}

export const isMarketing = (kind: EmailKind) => MARKETING_EMAIL_KINDS.includes(kind);
