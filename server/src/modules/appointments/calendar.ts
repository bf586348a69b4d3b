import { CONSULTATION_TYPE_LABELS } from '@common/constants/consultation-types';
import type { Appointment } from '@common/schemas/appointments';
import { whenText } from './messages';

const SLOT_MS = 30 * 60_000;

/**
 * RFC 5545 text: escape backslash, semicolon, comma and line breaks (a lone CR too, which some
 * calendar readers take as a line end), and drop other control characters.
 */
export const escapeText = (value: string) =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');

/** UTC form ("20261124T150000Z"): every calendar shows it in the viewer's own zone, DST included. */
export const utcStamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Lines longer than 75 octets are folded with CRLF + space (RFC 5545 §3.1). */
export function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let start = 0;
  while (start < bytes.length) {
    let end = Math.min(start + (start === 0 ? 75 : 74), bytes.length);
    // Never split a UTF-8 sequence.
    while (end < bytes.length && (bytes[end] & 0xc0) === 0x80) end--;
    parts.push(bytes.subarray(start, end).toString('utf8'));
    start = end;
  }
  return parts.join('\r\n ');
}

export type IcsOptions = {
  /** CANCEL tells calendars to remove the event they already hold under the same UID. */
  method?: 'PUBLISH' | 'CANCEL';
  /** Raised with every change so calendars take the newer version. */
  sequence?: number;
  /** E-mail carries no health details, so the reason for the visit stays out of mailed files. */
  includeReason?: boolean;
};

export function appointmentIcs(
  appointment: Appointment,
  origin: string,
  now = new Date(),
  { method = 'PUBLISH', sequence = 0, includeReason = true }: IcsOptions = {},
): string {
  const start = new Date(appointment.startsAt);
  const doctorName = `Dr. ${appointment.doctor.user.firstName} ${appointment.doctor.user.lastName}`;
  const kind = CONSULTATION_TYPE_LABELS[appointment.consultationType];
  const joinUrl = `${origin}/consultation?appointmentId=${appointment.id}`;
  const location =
    appointment.consultationType === 'in-person'
      ? (appointment.doctor.officeAddress ?? `${appointment.doctor.location}, ${appointment.doctor.country}`)
      : joinUrl;
  const description = [
    `${kind} with ${doctorName} (${appointment.doctor.specialty}).`,
    `Doctor's local time: ${whenText(start, appointment.timeZone)}.`,
    includeReason ? `Reason: ${appointment.reasonForVisit}` : '',
    appointment.consultationType === 'in-person' ? '' : `Join: ${joinUrl}`,
  ]
    .filter(Boolean)
    .join('\n');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Medora//Appointments//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    'BEGIN:VEVENT',
    `UID:${appointment.id}@medora`,
    `SEQUENCE:${sequence}`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART:${utcStamp(start)}`,
    `DTEND:${utcStamp(new Date(start.getTime() + SLOT_MS))}`,
    `SUMMARY:${escapeText(`${kind} with ${doctorName}`)}`,
    `DESCRIPTION:${escapeText(description)}`,
    `LOCATION:${escapeText(location)}`,
    appointment.consultationType === 'in-person' ? '' : `URL:${joinUrl}`,
    method === 'CANCEL' ? 'STATUS:CANCELLED' : 'STATUS:CONFIRMED',
    ...(method === 'CANCEL'
      ? []
      : ['BEGIN:VALARM', 'ACTION:DISPLAY', 'DESCRIPTION:Consultation reminder', 'TRIGGER:-PT15M', 'END:VALARM']),
    'END:VEVENT',
    'END:VCALENDAR',
  ].filter(Boolean);
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
