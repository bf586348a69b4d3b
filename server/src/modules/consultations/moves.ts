import type { ConsultationStatus } from '@common/constants/statuses';
import type { MoveTable } from '../platform/state-machine';

/** A room: the doctor starts it, a participant ends it, a cancellation closes it whatever its state. */
export const CONSULTATION_MOVES = {
  start: { from: 'waiting', to: 'active' },
  end: { from: 'active', to: 'ended' },
  close: { from: ['waiting', 'active'], to: 'ended' },
} as const satisfies MoveTable<ConsultationStatus>;
