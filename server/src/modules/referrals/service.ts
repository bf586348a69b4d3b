import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { REFERRAL_INVITES_PER_DAY, REFERRAL_REWARD_CENTS, type ReferralType } from '@common/constants/referrals';
import type { CreateReferral, Referral, ReferralSummary } from '@common/schemas/referrals';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { referrals, users, walletEntries } from '../../db/schema';
import { localizedError } from '../../core/errors';
import { referralCodeFor } from './codes';
import { referredIdentity } from './rewards';

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
      .where(
        and(eq(walletEntries.userId, userId), inArray(walletEntries.reason, ['referral_reward', 'referral_reversal'])),
      ),
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
  const identity = referredIdentity(email);
  const [me] = await db.select({ email: users.email }).from(users).where(eq(users.id, referrerId));
  if (me && referredIdentity(me.email) === identity)
    throw localizedError('bad_request', 'errors.cannotReferYourself', undefined, {
      referredEmail: { key: 'errors.field.someoneElse' },
    });
  const [sent] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(referrals)
    .where(and(eq(referrals.referrerId, referrerId), gt(referrals.createdAt, new Date(now.getTime() - 86_400_000))));
  if ((sent?.n ?? 0) >= REFERRAL_INVITES_PER_DAY) {
    throw localizedError('rate_limited', 'errors.invitesPerDay', { count: REFERRAL_INVITES_PER_DAY });
  }
  const [existing] = await db.select().from(referrals).where(eq(referrals.referredIdentity, identity));
  if (existing) throw alreadyReferred(existing.referrerId === referrerId);
  // Whether the address has an account is not said: the invitation is stored either way (an
  // account that exists already is never linked to it, so it earns nothing).
  const type = input.referralType as ReferralType;
  try {
    const [row] = await db
      .insert(referrals)
      .values({
        referrerId,
        referredEmail: email,
        referredIdentity: identity,
        referralType: type,
        rewardAmount: REFERRAL_REWARD_CENTS[type],
        createdAt: now,
      })
      .returning();
    return presentReferral(row);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const [winner] = await db.select().from(referrals).where(eq(referrals.referredIdentity, identity));
    throw alreadyReferred(winner?.referrerId === referrerId);
  }
}

const alreadyReferred = (byMe: boolean) =>
  localizedError('conflict', byMe ? 'errors.alreadyReferredByYou' : 'errors.alreadyReferredByOther');

/**
 * At sign-up. A referral link that was actually used wins: its owner gets the referral, taking over
 * a pending invitation someone else sent to this address. Without a link, the new account takes
 * over the pending invitation for its address. One referral per person ever: the folded, hashed
 * address is unique, so a `+tag`, another spelling or a re-registration after deletion finds the
 * old row and earns nothing new. The referral's type follows the account's type.
 */
export async function linkReferralAtSignup(
  db: Db,
  user: { id: string; email: string; userType: 'patient' | 'doctor' | 'admin' },
  code: string | undefined,
  now: Date,
) {
  if (user.userType === 'admin') return;
  const type: ReferralType = user.userType;
  const identity = referredIdentity(user.email);
  const linkOwner = code ? await referrerByCode(db, code, user.id, identity) : undefined;
  const takeOver = { referredUserId: user.id, referralType: type, rewardAmount: REFERRAL_REWARD_CENTS[type] };
  const [invited] = await db
    .update(referrals)
    .set(linkOwner ? { ...takeOver, referrerId: linkOwner } : takeOver)
    .where(
      and(eq(referrals.referredIdentity, identity), eq(referrals.status, 'pending'), isNull(referrals.referredUserId)),
    )
    .returning({ id: referrals.id });
  if (invited || !linkOwner) return;
  await db
    .insert(referrals)
    .values({
      referrerId: linkOwner,
      referredEmail: user.email,
      referredIdentity: identity,
      referralType: type,
      referredUserId: user.id,
      rewardAmount: REFERRAL_REWARD_CENTS[type],
      createdAt: now,
    })
    .onConflictDoNothing();
}

/**
 * The owner of a referral link, unless it is the new account itself: by id, or by its address
 * folded (case, `+tag`), so nobody refers a second account of their own inbox (issue 37).
 */
async function referrerByCode(db: Db, code: string, newUserId: string, newIdentity: string) {
  const [referrer] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.referralCode, code.toUpperCase()), isNull(users.deletedAt)));
  if (!referrer || referrer.id === newUserId || referredIdentity(referrer.email) === newIdentity) return undefined;
  return referrer.id;
}
