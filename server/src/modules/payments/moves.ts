import { PAYMENT_INTENT_STATUSES, type PaymentStatus } from '@common/constants/statuses';
import type { MoveTable } from '../platform/state-machine';

/** The intent states a payment has before it succeeds: the processor moves between them freely. */
export const OPEN_PAYMENT_STATUSES = PAYMENT_INTENT_STATUSES.filter((s) => s !== 'succeeded');

/** An open payment takes the state its processor reports (a new checkout, a decline, a cancel). */
const intentMoves = Object.fromEntries(
  OPEN_PAYMENT_STATUSES.map((to) => [`intent_${to}`, { from: OPEN_PAYMENT_STATUSES, to }]),
) as Record<`intent_${string}`, { from: readonly PaymentStatus[]; to: PaymentStatus }>;

/**
 * A payment's moves; service.ts and refunds.ts perform them (succeeded exactly once, then the one
 * refund), and the database refuses any other (decision 071).
 */
export const PAYMENT_MOVES = {
  ...intentMoves,
  succeed: { from: OPEN_PAYMENT_STATUSES, to: 'succeeded' },
  startRefund: { from: ['succeeded'], to: 'refund_pending' },
  settleRefund: { from: ['refund_pending'], to: 'refunded' },
  /** The processor refused the refund for good, or could not be reached REFUND_MAX_FAILURES times (decision 072). */
  giveUpRefund: { from: ['refund_pending'], to: 'refund_failed' },
  /** An administrator asks the processor again from the "Refunds that failed" queue. */
  retryRefund: { from: ['refund_failed'], to: 'refund_pending' },
  /** An administrator settled the refund by hand, with a note. */
  resolveRefund: { from: ['refund_failed'], to: 'refunded' },
} as const satisfies MoveTable<PaymentStatus>;
