import { REMOTE_CONSULTATION_TYPES } from '../constants/consultation-types';
import type { AppointmentStatus } from '../constants/statuses';
import { SLOT_MINUTES } from './slots';

/**
 * When a paid remote visit may be joined: from JOIN_OPENS_MINUTES_BEFORE its start until its end
 * (start + its length). The buttons (client) and starting the room (server) both ask this module,
 * so a screen never offers a room the server would refuse, nor a visit whose time has passed.
 */
export const JOIN_OPENS_MINUTES_BEFORE = 15;

/** Paid and still to happen: the only statuses a room may exist for. */
export const ROOM_STATUSES = ['confirmed', 'scheduled'] as const satisfies readonly AppointmentStatus[];

export type JoinPhase = 'not-yet' | 'open' | 'over';

type Instant = Date | string;
const ms = (t: Instant) => (typeof t === 'string' ? Date.parse(t) : t.getTime());

export type VisitTime = {
  startsAt: Instant;
  /** The visit's length; older replies without it are the default slot. */
  durationMinutes?: number | null;
};

export function joinWindow({ startsAt, durationMinutes }: VisitTime): { opensAt: Date; closesAt: Date } {
  const start = ms(startsAt);
  return {
    opensAt: new Date(start - JOIN_OPENS_MINUTES_BEFORE * 60_000),
    closesAt: new Date(start + (durationMinutes ?? SLOT_MINUTES) * 60_000),
  };
}

/** Where `now` falls: before the window opens, inside it, or after the visit's end. */
export function joinPhase(visit: VisitTime, now: Instant): JoinPhase {
  const { opensAt, closesAt } = joinWindow(visit);
  const t = ms(now);
  if (t < opensAt.getTime()) return 'not-yet';
  return t < closesAt.getTime() ? 'open' : 'over';
}

export const isRoomStatus = (status: string): boolean => (ROOM_STATUSES as readonly string[]).includes(status);

const REMOTE = new Set<string>(REMOTE_CONSULTATION_TYPES);

/** "Join Video Call" / "Join Voice Call" / "Join" are offered exactly when this holds. */
export const canJoinVisit = (visit: VisitTime & { status: string; consultationType: string }, now: Instant): boolean =>
  isRoomStatus(visit.status) && REMOTE.has(visit.consultationType) && joinPhase(visit, now) === 'open';

/** The visit has not ended yet (directions, calendar file): false once its end has passed. */
export const visitNotOver = (visit: VisitTime, now: Instant): boolean => joinPhase(visit, now) !== 'over';

/**
 * How long after its visit's end a call that started may still run. Past it the call is over
 * whatever the room's state: the consultation_end job ends a consultation still active, and no
 * TURN credential is minted for it any more.
 */
export const ROOM_OVERRUN_MINUTES = 30;

/** The instant a started call can no longer run: the visit's end plus ROOM_OVERRUN_MINUTES. */
export const callRunsUntil = (visit: VisitTime): Date =>
  new Date(joinWindow(visit).closesAt.getTime() + ROOM_OVERRUN_MINUTES * 60_000);

export const callMayRun = (visit: VisitTime, now: Instant): boolean => ms(now) < callRunsUntil(visit).getTime();
