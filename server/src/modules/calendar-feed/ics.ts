import type { ConsultationType } from '@common/constants/consultation-types';
import { DEFAULT_LANGUAGE, type Language } from '@common/i18n/languages';
import { fold, icsWords, utcStamp, veventLines } from '../appointments/calendar';

/** One visit as a subscribed calendar shows it: who, what kind, when and where; nothing clinical. */
export type FeedEvent = {
  id: string;
  cancelled: boolean;
  startsAt: Date;
  /** The visit's length, booked with it (the doctor's length for its kind then). */
  minutes: number;
  timeZone: string;
  consultationType: ConsultationType;
  sequence: number;
  updatedAt: Date;
  /** "Dr. Ada Okafor" in a patient's feed, "Nia R." in a doctor's. */
  title: string;
  /** The office for in-person visits; remote ones happen in Medora. */
  place: string | null;
  /** The owner's list of appointments: the doctor's book or the patient's appointments. */
  path: '/doctor/appointments' | '/appointments';
};

/**
 * A subscription calendar (RFC 5545, METHOD:PUBLISH). Times are UTC instants, which every app shows
 * in its reader's zone across DST; the description keeps the doctor's wall clock and IANA zone.
 * UIDs match the mailed invitations', so an app holding both shows one event.
 */
export function feedIcs(events: FeedEvent[], origin: string, now: Date, language: Language = DEFAULT_LANGUAGE): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Medora//Calendar feed//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'X-WR-CALNAME:Medora',
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
    ...events.flatMap((event) => eventLines(event, origin, now, language)),
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

function eventLines(event: FeedEvent, origin: string, now: Date, language: Language): string[] {
  const words = icsWords(language, event.consultationType);
  const link = `${origin}${event.path}`;
  const description = [words.kind, words.localTime(event.startsAt, event.timeZone), link].join('\n');
  return veventLines({
    appointmentId: event.id,
    // A cancellation raises the sequence, as the mailed CANCEL does, so apps take the newer state.
    sequence: event.sequence + (event.cancelled ? 1 : 0),
    now,
    start: event.startsAt,
    durationMinutes: event.minutes,
    summary: words.summary(event.title),
    description,
    location: event.place ?? 'Medora',
    url: link,
    cancelled: event.cancelled,
    extra: [`LAST-MODIFIED:${utcStamp(event.updatedAt)}`, 'TRANSP:OPAQUE'],
  });
}
