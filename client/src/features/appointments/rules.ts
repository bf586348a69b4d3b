import { LIVE_APPOINTMENT_STATUSES } from '@common/constants/statuses';
import { canJoinVisit, joinPhase, visitNotOver } from '@common/rules/join-window';
import { patientMayChange } from '@common/rules/patient-change';
import { isUpcomingVisit } from '@common/rules/upcoming-visit';
import type { ClientMessageKey } from '@common/i18n/keys';
import type { Appointment } from '@common/schemas/appointments';
import { isJoinableStatus } from '../../lib/appointment-status';

type A = Pick<Appointment, 'status' | 'startsAt' | 'payment' | 'consultationType' | 'hasReview' | 'durationMinutes'>;

const LIVE: ReadonlySet<string> = new Set(LIVE_APPOINTMENT_STATUSES);

/** Pay Now while pending and not paid. */
export const showPayNow = (a: A) => a.status === 'pending' && a.payment?.status !== 'succeeded';
export const isPaid = (a: A) => a.payment?.status === 'succeeded';
/** An unpaid booking is released at once (POST …/release), not cancelled; not while its payment is processing. */
export const showRelease = (a: A, now = new Date()) =>
  a.status === 'pending' &&
  a.payment?.status !== 'succeeded' &&
  a.payment?.status !== 'processing' &&
  Date.parse(a.startsAt) > now.getTime();
/** Join Video Call / Join Voice Call: the one join window (common/rules/join-window.ts). */
export const canJoin = (a: A, now: Date) => canJoinVisit(a, now);
/** A paid remote visit whose window has not opened yet: the card says when Join comes. */
export const joinNotYet = (a: A, now: Date) =>
  isJoinableStatus(a.status) && a.consultationType !== 'in-person' && joinPhase(a, now) === 'not-yet';
/** Directions and the calendar file while a paid visit is still ahead or under way. */
export const showVisitLinks = (a: A, now: Date) => isJoinableStatus(a.status) && visitNotOver(a, now);
export const showLeaveReview = (a: A) => a.status === 'completed' && !a.hasReview;

/**
 * Only a confirmed appointment more than 24 h away can be cancelled. Returns null when
 * it can, else the catalogue key of the reason shown beside the unavailable button (its `{hours}`
 * is CANCEL_WINDOW_HOURS; the rule is patientMayChange); undefined when Cancel is not shown at all (an unpaid booking is
 * released instead, see showRelease).
 */
export function cancelBlockedReason(a: A, now = new Date()): ClientMessageKey | null | undefined {
  if (!LIVE.has(a.status) || a.status === 'pending') return undefined;
  if (a.status !== 'confirmed') return 'appointments.blocked.cancelNotConfirmed';
  if (!patientMayChange(a, now)) {
    return 'appointments.blocked.cancelTooLate';
  }
  return null;
}

/**
 * Rescheduling follows the cancelling rule (the same CANCEL_WINDOW_HOURS): a confirmed appointment
 * more than 24 h away. null when it can be moved, the reason's key when it is confirmed but too close;
 * undefined (not shown) for any other status.
 */
export function rescheduleBlockedReason(a: A, now = new Date()): ClientMessageKey | null | undefined {
  if (a.status !== 'confirmed') return undefined;
  if (!patientMayChange(a, now)) {
    return 'appointments.blocked.rescheduleTooLate';
  }
  return null;
}

/** Upcoming first (soonest first), then past and closed ones (latest first). */
export function groupAppointments<T extends A>(list: T[], now = new Date()): { upcoming: T[]; past: T[] } {
  const upcoming = list
    .filter((a) => isUpcomingVisit(a, now))
    .sort((x, y) => Date.parse(x.startsAt) - Date.parse(y.startsAt));
  const past = list
    .filter((a) => !upcoming.includes(a))
    .sort((x, y) => Date.parse(y.startsAt) - Date.parse(x.startsAt));
  return { upcoming, past };
}

/** Get Directions: a map search of the doctor's office address. */
export const directionsUrl = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
