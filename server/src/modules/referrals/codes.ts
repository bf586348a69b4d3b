import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { users } from '../../db/schema';

// No 0/O or 1/I/L, so a code read aloud or typed from a screenshot survives.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function newReferralCode(): string {
  const bytes = randomBytes(8);
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}

/** The user's code, made on first use; the unique index decides between a clash and a concurrent first use. */
export async function referralCodeFor(db: Db, userId: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await db.select({ code: users.referralCode }).from(users).where(eq(users.id, userId));
    if (row?.code) return row.code;
    try {
      await db
        .update(users)
        .set({ referralCode: newReferralCode() })
        .where(and(eq(users.id, userId), isNull(users.referralCode)));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error('could not give out a referral code');
}
