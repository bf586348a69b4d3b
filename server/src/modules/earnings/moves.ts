import type { EarningStatus, PayoutStatus } from '@common/constants/statuses';
import type { MoveTable } from '../platform/state-machine';

/** An earning's moves (transitions.ts performs them; an earning is inserted pending). */
export const EARNING_MOVES = {
  release: { from: 'pending', to: 'available' },
  reverse: { from: 'pending', to: 'reversed' },
  claim: { from: 'available', to: 'in_payout' },
  settle: { from: 'in_payout', to: 'paid' },
  return: { from: 'in_payout', to: 'available' },
  reverseAvailable: { from: 'available', to: 'reversed' },
} as const satisfies MoveTable<EarningStatus>;

/** A payout is requested pending; an administrator marks it paid or failed, once (admin/payouts.ts). */
export const PAYOUT_MOVES = {
  pay: { from: 'pending', to: 'paid' },
  fail: { from: 'pending', to: 'failed' },
} as const satisfies MoveTable<PayoutStatus>;
