import type { ConsultationType } from '@common/constants/consultation-types';
import { LIVE_APPOINTMENT_STATUSES } from '@common/constants/statuses';
import { localDateOf } from '@common/rules/display-time';
import { canJoinVisit } from '@common/rules/join-window';
import type { DoctorBookEntry } from '@common/schemas/reschedule';
import { isJoinableStatus } from '../../lib/appointment-status';

type E = Pick<DoctorBookEntry, 'status' | 'startsAt' | 'timeZone' | 'consultationType' | 'durationMinutes'>;
/** Visits whose outcome the doctor records by hand; a video visit's room records its own. */
const MARKED_BY_DOCTOR = new Set<string>(['in-person', 'voice'] satisfies ConsultationType[]);
const LIVE = new Set<string>(LIVE_APPOINTMENT_STATUSES);
const ahead = (e: E, now: Date) => Date.parse(e.startsAt) > now.getTime();

/** A paid remote consultation inside its join window opens in the room, as on the dashboard's schedule. */
export const canJoin = (e: E, now: Date) => canJoinVisit(e, now);

/** The server's rule: notes once completed, or for a live visit from its day on (in the visit's zone). */
export const canWriteNotes = (e: E, now: Date) =>
  e.status === 'completed' ||
  (isJoinableStatus(e.status) && localDateOf(e.startsAt, e.timeZone) <= localDateOf(now, e.timeZone));

/** Only a confirmed appointment still ahead can move; the patient answers the proposal. */
export const canPropose = (e: E, now: Date) => e.status === 'confirmed' && ahead(e, now);

/** A live appointment that has not started yet; the patient is refunded in full. */
export const canCancel = (e: E, now: Date) => LIVE.has(e.status) && ahead(e, now);

/**
 * The server's rule for "Mark as done" and "Patient didn't come": a paid in-person or phone visit
 * whose start has passed. Both are final, so they are offered only then.
 */
export const canRecordOutcome = (e: E, now: Date) =>
  MARKED_BY_DOCTOR.has(e.consultationType) && isJoinableStatus(e.status) && !ahead(e, now);
