import { createHash } from 'node:crypto';
import { foldEmail } from '@common/rules/email-identity';

/**
 * The one-way identity of an e-mail address: folded (case, `+tags`), then hashed, so a record can
 * say "the same person" without keeping the address. Referrals and unpaid-hold caps use it.
 */
export const emailIdentity = (email: string) => createHash('sha256').update(foldEmail(email)).digest('hex');
