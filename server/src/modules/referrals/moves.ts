import type { ReferralStatus } from '@common/constants/statuses';
import type { MoveTable } from '../platform/state-machine';

/** A referral's moves (rewards.ts, release.ts); `completed` is a state of old rows only, never reached. */
export const REFERRAL_MOVES = {
  qualify: { from: 'pending', to: 'held' },
  reward: { from: 'held', to: 'rewarded' },
  reverse: { from: ['held', 'rewarded'], to: 'reversed' },
} as const satisfies MoveTable<ReferralStatus>;
