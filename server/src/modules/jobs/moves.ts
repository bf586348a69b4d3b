import type { JobStatus } from '@common/constants/email';
import type { MoveTable } from '../platform/state-machine';

/** A job (queue.ts): claimed under a lease, then finished, retried later, or dead; a dead one may be revived. */
export const JOB_MOVES = {
  claim: { from: 'queued', to: 'running' },
  finish: { from: 'running', to: 'done' },
  drop: { from: 'running', to: 'dropped' },
  die: { from: 'running', to: 'dead' },
  retryLater: { from: 'running', to: 'queued' },
  revive: { from: 'dead', to: 'queued' },
} as const satisfies MoveTable<JobStatus>;
