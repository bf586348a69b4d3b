import type { ReportPurchaseStatus } from '@common/constants/outbreak';
import type { MoveTable } from '../platform/state-machine';

/** A report purchase (reports.ts): failed when its intent is cancelled; paid once, even after a failed try. */
export const REPORT_PURCHASE_MOVES = {
  pay: { from: ['pending', 'failed'], to: 'paid' },
  fail: { from: 'pending', to: 'failed' },
} as const satisfies MoveTable<ReportPurchaseStatus>;
