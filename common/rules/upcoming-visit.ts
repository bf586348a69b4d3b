import { LIVE_APPOINTMENT_STATUSES } from '../constants/statuses';
import { visitNotOver, type VisitTime } from './join-window';

const LIVE: ReadonlySet<string> = new Set(LIVE_APPOINTMENT_STATUSES);

/**
 * A visit still ahead of the patient: a live booking (held, confirmed or scheduled) whose end has
 * not passed. Everything else is past or closed. Home's "upcoming" card and My Appointments ask
 * this; the server's page of upcoming visits is its SQL form (appointments/patient-pages.ts),
 * held to the same answer by a test.
 */
export const isUpcomingVisit = (visit: VisitTime & { status: string }, now: Date | string): boolean =>
  LIVE.has(visit.status) && visitNotOver(visit, now);
