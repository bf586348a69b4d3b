import type { EmailStatus } from '@common/constants/email';
import type { MoveTable } from '../platform/state-machine';

/**
 * An outbox copy (deliver.ts): queued until the mailer takes it (sent by SMTP, stored otherwise)
 * or the last try fails; an administrator's retry of the dead job queues a failed one again.
 * `skipped` is inserted as such (the person unsubscribed) and never moves.
 */
export const EMAIL_MOVES = {
  send: { from: 'queued', to: 'sent' },
  store: { from: 'queued', to: 'stored' },
  fail: { from: 'queued', to: 'failed' },
  requeue: { from: 'failed', to: 'queued' },
} as const satisfies MoveTable<EmailStatus>;
