import type { EmailKind, ReminderKind } from '@common/constants/email';

export type AppointmentEmailKind = Exclude<EmailKind, 'application_approved' | 'application_rejected' | 'campaign'>;
export type PlainAppointmentKind = Exclude<AppointmentEmailKind, 'booking_rescheduled'>;
export type Recipient = 'patient' | 'doctor';

/** What a mail job carries: ids only, so a message is composed from the records as they are when it goes out. */
export type EmailJobPayload =
  | { kind: PlainAppointmentKind; appointmentId: string; recipient: Recipient }
  /** `previousStartsAt`: the time it moved from (ISO), which the records no longer hold. */
  | { kind: 'booking_rescheduled'; appointmentId: string; recipient: Recipient; previousStartsAt: string }
  | { kind: 'application_approved' | 'application_rejected'; applicationId: string }
  | { kind: 'campaign'; userId: string; subject: string; message: string };

export const isReminder = (kind: EmailKind): kind is ReminderKind => kind === 'reminder_24h' || kind === 'reminder_1h';
