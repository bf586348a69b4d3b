import type { MoveTable } from './state-machine';

/** An account is deactivated (by an administrator, or deleted) and may be reactivated by one. */
export const USER_ACTIVE_MOVES = {
  deactivate: { from: true, to: false },
  reactivate: { from: false, to: true },
} as const satisfies MoveTable<boolean>;

/** An administrator verifies an account (or approving a doctor's application does) and may withdraw it. */
export const USER_VERIFIED_MOVES = {
  verify: { from: false, to: true },
  unverify: { from: true, to: false },
} as const satisfies MoveTable<boolean>;
