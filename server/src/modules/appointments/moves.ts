import { LIVE_APPOINTMENT_STATUSES, type AppointmentStatus, type ProposalStatus } from '@common/constants/statuses';
import type { MoveTable } from '../platform/state-machine';

/**
 * An appointment's moves; commands.ts performs them, and the database refuses any other
 * (state_transitions, decision 071). A booking is inserted pending or confirmed.
 */
export const APPOINTMENT_MOVES = {
  confirm: { from: ['pending'], to: 'confirmed' },
  cancel: { from: LIVE_APPOINTMENT_STATUSES, to: 'cancelled' },
  complete: { from: ['confirmed', 'scheduled'], to: 'completed' },
  noShow: { from: ['confirmed', 'scheduled'], to: 'no-show' },
} as const satisfies MoveTable<AppointmentStatus>;

/** A doctor's proposed new time: open until answered, replaced, or no longer applicable. */
export const PROPOSAL_MOVES = {
  accept: { from: 'open', to: 'accepted' },
  decline: { from: 'open', to: 'declined' },
  supersede: { from: 'open', to: 'superseded' },
  expire: { from: 'open', to: 'expired' },
} as const satisfies MoveTable<ProposalStatus>;
