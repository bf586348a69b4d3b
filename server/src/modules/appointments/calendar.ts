import type { ConsultationType } from '@common/constants/consultation-types';
import { DEFAULT_LANGUAGE, type Language } from '@common/i18n/languages';
import { catalogue, translate } from '../../core/i18n';
import { localizedWhen } from '../../core/localized-when';
import type { Appointment } from '@common/schemas/appointments';
import type { AppointmentView } from '../appointment-view/view';

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

/** One visit as a calendar event: the same UID, times and status whichever file carries it. */
export type VEvent = {
  appointmentId: string;
  sequence: number;
  now: Date;
  start: Date;
  /** The booked length: the event ends this many minutes after the start. */
  durationMinutes: number;
  summary: string;
  description: string;
  location: string;
  url: string | null;
  cancelled: boolean;
  /** Lines a writer adds before END:VEVENT (LAST-MODIFIED, TRANSP, an alarm). */
  extra?: string[];
};

/**
 * The one VEVENT builder, for the mailed or downloaded file and for the subscribed feed alike, so
 * an app holding both (same UID) never sees two lengths for one visit.
 */
export function veventLines(event: VEvent): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${event.appointmentId}@medora`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utcStamp(event.now)}`,
    `DTSTART:${utcStamp(event.start)}`,
    `DTEND:${utcStamp(new Date(event.start.getTime() + event.durationMinutes * 60_000))}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `LOCATION:${escapeText(event.location)}`,
    ...(event.url ? [`URL:${event.url}`] : []),
    event.cancelled ? 'STATUS:CANCELLED' : 'STATUS:CONFIRMED',
    ...(event.extra ?? []),
    'END:VEVENT',
  ];
}

export type IcsOptions = {
  /** CANCEL tells calendars to remove the event they already hold under the same UID. */
  method?: 'PUBLISH' | 'CANCEL';
  /** Raised with every change so calendars take the newer version. */
  sequence?: number;
  /**
   * The reason for the visit, for a file the reader downloads themselves (read through the
   * policy, which audits it). E-mail carries no health details, so mailed files leave it out.
   */
  reason?: string | null;
  /** The recipient's language (issue 28); English keeps its words. */
  language?: Language;
};

/**
 * The mailed or downloaded file of one visit, from the one appointment view: its booked length
 * (never an assumed 30 minutes), the doctor as the view reads them, the booked zone's wall clock.
 */
export function appointmentIcs(
  view: AppointmentView,
  origin: string,
  now = new Date(),
  { method = 'PUBLISH', sequence = 0, reason = null, language = DEFAULT_LANGUAGE }: IcsOptions = {},
): string {
  const { doctor } = view;
  const doctorName = `Dr. ${doctor.firstName} ${doctor.lastName}`;
  const inPerson = view.consultationType === 'in-person';
  const joinUrl = `${origin}/consultation?appointmentId=${view.id}`;
  const location = inPerson ? (doctor.officeAddress ?? `${doctor.location}, ${doctor.country}`) : joinUrl;
  const words = icsWords(language, view.consultationType);
  const description = [
    words.kindWith(doctorName, doctor.specialty),
    words.localTime(view.startsAt, view.bookedZone),
    reason ? words.reason(reason) : '',
    inPerson ? '' : words.join(joinUrl),
  ]
    .filter(Boolean)
    .join('\n');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Medora//Appointments//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    ...veventLines({
      appointmentId: view.id,
      sequence,
      now,
      start: view.startsAt,
      durationMinutes: view.durationMinutes,
      summary: words.summary(doctorName),
      description,
      location,
      url: inPerson ? null : joinUrl,
      cancelled: method === 'CANCEL',
      extra:
        method === 'CANCEL'
          ? []
          : [
              'BEGIN:VALARM',
              'ACTION:DISPLAY',
              `DESCRIPTION:${escapeText(words.reminder)}`,
              'TRIGGER:-PT15M',
              'END:VALARM',
            ],
    }),
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/**
 * The file a party downloads for themselves: the reason for the visit is theirs to see and comes
 * from the appointment their policy read returned (readAppointment, which audited it).
 */
export const downloadedIcs = (
  read: Pick<Appointment, 'reasonForVisit'>,
  view: AppointmentView,
  origin: string,
  language: Language,
) => appointmentIcs(view, origin, undefined, { reason: read.reasonForVisit, language });

const TYPE_KEY = { video: 'mail.type.video', voice: 'mail.type.voice', 'in-person': 'mail.type.inPerson' } as const;

/** The words of a calendar event in a language, the doctor's clock named in them. Nothing clinical in any of them. */
export function icsWords(language: Language, type: ConsultationType) {
  const type_ = translate(language, TYPE_KEY[type]);
  return {
    summary: (who: string) => translate(language, 'ics.summary', { type: type_, who }),
    kind: translate(language, 'ics.kind', { type: type_ }),
    kindWith: (doctor: string, specialty: string) =>
      translate(language, 'ics.kindWith', {
        type: type_,
        doctor,
        specialty: catalogue(language)[`specialties.name.${specialty}`] ?? specialty,
      }),
    localTime: (start: Date, zone: string) =>
      translate(language, 'ics.localTime', { when: localizedWhen(language, start, zone) }),
    join: (url: string) => translate(language, 'ics.join', { url }),
    reason: (reason: string) => translate(language, 'ics.reason', { reason }),
    reminder: translate(language, 'ics.reminder'),
  };
}
