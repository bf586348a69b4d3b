/** What composing an e-mail yields; its own module so composers for single kinds need not import the dispatcher. */
import type { EmailKind } from '@common/constants/email';
import type { EmailContent } from './template';

export type ComposedEmail = {
  kind: EmailKind;
  userId: string | null;
  toAddress: string;
  appointmentId: string | null;
  content: EmailContent;
  ics: { content: string; method: 'PUBLISH' | 'CANCEL' } | null;
  /** Marketing to someone who opted out: recorded, never sent. */
  suppressed: boolean;
  /** A single-use token the mail carries; the outbox copy has it removed outside demo mode. */
  secret?: string;
};
export type Composition = ComposedEmail | { dropped: string };
