import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { REFERRAL_REWARD_CENTS, type ReferralType } from '@common/constants/referrals';
import type { CreateReferral, Referral, ReferralSummary } from '@common/schemas/referrals';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { referrals, users, walletEntries } from '../../db/schema';
import { badRequest, conflict } from '../../core/errors';
import { referralCodeFor } from './codes';

type ReferralRow = typeof referrals.$inferSelect;

export function presentReferral(row: ReferralRow): Referral {
  return {
    id: row.id,
    referredEmail: row.referredEmail,
    referralType: row.referralType,
    status: row.status,
    rewardAmount: row.rewardAmount,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

export async function listReferrals(db: Db, userId: string): Promise<Referral[]> {
  const rows = await db
    .select()
    .from(referrals)
    .where(eq(referrals.referrerId, userId))
    .orderBy(desc(referrals.createdAt));
  return rows.map(presentReferral);
}

export async function referralSummary(db: Db, userId: string): Promise<ReferralSummary> {
  const referralCode = await referralCodeFor(db, userId);
  const [[wallet], [earned]] = await Promise.all([
    db.select({ balance: users.walletBalance }).from(users).where(eq(users.id, userId)),
    db
      .select({ total: sql<number>`coalesce(sum(${walletEntries.amount}), 0)::int` })
      .from(walletEntries)
      .where(and(eq(walletEntries.userId, userId), eq(walletEntries.reason, 'referral_reward'))),
  ]);
  return {
    referralCode,
    walletBalance: wallet?.balance ?? 0,
    totalEarned: earned?.total ?? 0,
  };
}

/**
 * An invitation by e-mail. The messages carry the words the referral page maps to its texts:
 * "already referred" (by this person), "duplicate" (by someone else).
 */
export async function createReferral(db: Db, referrerId: string, input: CreateReferral, now: Date) {
  const email = input.referredEmail.trim().toLowerCase();
  const [me] = await db.select({ email: users.email }).from(users).where(eq(users.id, referrerId));
  if (me?.email === email) throw badRequest('You cannot refer yourself.', { referredEmail: 'Enter someone else' });
  const [existing] = await db.select().from(referrals).where(eq(referrals.referredEmail, email));
  if (existing) throw alreadyReferred(existing.referrerId === referrerId);
  const [account] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (account) throw conflict('This person already has a Medora account.');
  const type = input.referralType as ReferralType;
  try {
    const [row] = await db
      .insert(referrals)
      .values({
        referrerId,
        referredEmail: email,
        referralType: type,
        rewardAmount: REFERRAL_REWARD_CENTS[type],
        createdAt: now,
      })
      .returning();
    return presentReferral(row);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const [winner] = await db.select().from(referrals).where(eq(referrals.referredEmail, email));
    throw alreadyReferred(winner?.referrerId === referrerId);
  }
}

const alreadyReferred = (byMe: boolean) =>
  conflict(
    byMe
      ? 'You have already referred this person.'
      : 'Duplicate referral: this person has already been referred by someone else.',
  );

/**
 * At sign-up: the new account takes over the pending invitation for its e-mail, whoever sent it;
 * without one, a referral link's code creates the referral for its owner. The referral's type
 * follows the account's type, since that is what the person actually joined as.
 */
export async function linkReferralAtSignup(
  db: Db,
  user: { id: string; email: string; userType: 'patient' | 'doctor' | 'admin' },
  code: string | undefined,
  now: Date,
) {
  if (user.userType === 'admin') return;
  const type: ReferralType = user.userType;
  const [invited] = await db
    .update(referrals)
    .set({ referredUserId: user.id, referralType: type, rewardAmount: REFERRAL_REWARD_CENTS[type] })
    .where(
      and(eq(referrals.referredEmail, user.email), eq(referrals.status, 'pending'), isNull(referrals.referredUserId)),
    )
    .returning({ id: referrals.id });
  if (invited || !code) return;
  const [referrer] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.referralCode, code.toUpperCase()), isNull(users.deletedAt)));
  if (!referrer || referrer.id === user.id) return;
  await db
    .insert(referrals)
    .values({
      referrerId: referrer.id,
      referredEmail: user.email,
      referralType: type,
      referredUserId: user.id,
      rewardAmount: REFERRAL_REWARD_CENTS[type],
      createdAt: now,
    })
    .onConflictDoNothing();
}
