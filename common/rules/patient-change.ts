import { CANCEL_WINDOW_HOURS } from '../constants/platform';
import type { AppointmentStatus } from '../constants/statuses';

/**
 * The patient's own rule for changing a booking: a confirmed appointment may be cancelled (with a
 * full refund) or moved only more than CANCEL_WINDOW_HOURS before it starts. The server's cancel
 * guard, the refund policy, rescheduling and the client's buttons all ask this module, so a screen
 * never offers what the server refuses and the refund always matches the rule the patient saw.
 */
type Instant = Date | string;
const ms = (t: Instant) => (typeof t === 'string' ? Date.parse(t) : t.getTime());

/** The latest start that is already too close to change at `now`: a start must be after it. */
export const patientChangeCutoff = (now: Instant) => new Date(ms(now) + CANCEL_WINDOW_HOURS * 3_600_000);

/** Whether a start is still far enough ahead of `now` (the time half of the rule; the refund policy asks only this). */
export const farEnoughAhead = (startsAt: Instant, now: Instant) => ms(startsAt) > patientChangeCutoff(now).getTime();

/** Confirmed and more than CANCEL_WINDOW_HOURS ahead: the patient may cancel with a refund, or move it. */
export function patientMayChange(appointment: { status: AppointmentStatus; startsAt: Instant }, now: Instant) {
  return appointment.status === 'confirmed' && farEnoughAhead(appointment.startsAt, now);
}
