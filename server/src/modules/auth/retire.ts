import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mfaChallenges } from '../../db/schema';
import { retireEveryAccountToken } from '../account-tokens/tokens';
import { retireFeedAddress } from '../calendar-feed/service';
import { dropQueuedAccountLinks } from '../mail/events';
import { forgetDevices } from '../push/subscriptions';

/**
 * What an account issued and a password reset, a password change or "sign out everywhere" takes
 * back, in the caller's transaction: every open link of every purpose (and link mails not yet
 * composed), the calendar feed's address, half-finished two-factor sign-ins, and the devices that
 * get push notifications (a lost phone would otherwise keep showing them). The sessions
 * and their sockets end after the commit (`endSessions`), as the caller decides which one stays.
 */
export async function retireWhatTheAccountIssued(tx: Db, userId: string, now: Date): Promise<void> {
  await retireEveryAccountToken(tx, userId, now);
  await dropQueuedAccountLinks(tx, userId);
  await retireFeedAddress(tx, userId, now);
  await tx.delete(mfaChallenges).where(eq(mfaChallenges.userId, userId));
  await forgetDevices(tx, userId);
}
