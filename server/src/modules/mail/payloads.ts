import type { EmailKind, ReminderKind } from '@common/constants/email';

export type AppointmentEmailKind = Exclude<
  EmailKind,
  'application_approved' | 'application_rejected' | 'campaign' | 'visit_summary_shared'
>;
export type PlainAppointmentKind = Exclude<AppointmentEmailKind, 'booking_rescheduled' | 'reschedule_proposed'>;
export type Recipient = 'patient' | 'doctor';

/** What a mail job carries: ids only, so a message is composed from the records as they are when it goes out. */
export type EmailJobPayload =
  | { kind: PlainAppointmentKind; appointmentId: string; recipient: Recipient }
  /** `previousStartsAt`: the time it moved from (ISO), which the records no longer hold. */
  | { kind: 'booking_rescheduled'; appointmentId: string; recipient: Recipient; previousStartsAt: string }
  /** `proposedStartsAt`: the doctor's proposed time (ISO); the appointment keeps its own until the patient accepts. */
  | { kind: 'reschedule_proposed'; appointmentId: string; recipient: 'patient'; proposedStartsAt: string }
  | { kind: 'application_approved' | 'application_rejected'; applicationId: string }
  | { kind: 'campaign'; userId: string; subject: string; message: string }
  /** Says only that a summary is ready: the health content stays behind sign-in. */
  | { kind: 'visit_summary_shared'; appointmentId: string; recipient: 'patient' };

export const isReminder = (kind: EmailKind): kind is ReminderKind => kind === 'reminder_24h' || kind === 'reminder_1h';
