import type { ProfileStatus } from '@common/constants/statuses';
import type { MoveTable } from '../platform/state-machine';

/** The listing facts of a doctor's row, each moved only by commands.ts (the rule is listing/rule.ts). */
export const DOCTOR_VERIFIED_MOVES = {
  verify: { from: false, to: true },
  unverify: { from: true, to: false },
} as const satisfies MoveTable<boolean>;

export const DOCTOR_ACTIVE_MOVES = {
  list: { from: false, to: true },
  unlist: { from: true, to: false },
} as const satisfies MoveTable<boolean>;

/** Published for review at enough completeness; verified by an administrator (or auto-verify); back to review when unverified. */
export const PROFILE_STATUS_MOVES = {
  publish: { from: 'draft', to: 'pending_verification' },
  verify: { from: ['draft', 'pending_verification'], to: 'verified' },
  unverify: { from: 'verified', to: 'pending_verification' },
} as const satisfies MoveTable<ProfileStatus>;
