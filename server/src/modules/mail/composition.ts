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
};
export type Composition = ComposedEmail | { dropped: string };
