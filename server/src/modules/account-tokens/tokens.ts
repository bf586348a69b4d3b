import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import {
  ACCOUNT_TOKEN_PURPOSES,
  ACCOUNT_TOKEN_TTL_MS,
  type AccountTokenPurpose,
} from '@common/constants/account-tokens';
import type { Db } from '../../db/client';
import { accountTokens } from '../../db/schema';
import { localizedError } from '../../core/errors';
import type { ServerMessageKey } from '@common/i18n/keys';

/*
 * The one issuer and consumer of single-use account links (verify the address, reset the
 * password, confirm a new address). The link carries the token; the table keeps only its
 * SHA-256, so a copy of the table opens no account.
 */

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/** 32 random bytes, base64url: 43 characters. Anything else cannot be one of ours. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const INVALID_LINK: Record<AccountTokenPurpose, ServerMessageKey> = {
  verify_email: 'errors.invalidLink.verify_email',
  reset_password: 'errors.invalidLink.reset_password',
  change_email: 'errors.invalidLink.change_email',
  family_takeover: 'errors.invalidLink.family_takeover',
};

/** Issues a token in the caller's transaction; the raw token is returned once, for the mail. */
export async function issueAccountToken(
  tx: Db,
  input: { userId: string; purpose: AccountTokenPurpose; newEmail?: string | null; familyMemberId?: string },
  now: Date,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.insert(accountTokens).values({
    userId: input.userId,
    purpose: input.purpose,
    tokenHash: hashOf(token),
    newEmail: input.newEmail ?? null,
    familyMemberId: input.familyMemberId ?? null,
    expiresAt: new Date(now.getTime() + ACCOUNT_TOKEN_TTL_MS[input.purpose]),
    createdAt: now,
  });
  return token;
}

export type ConsumedToken = { userId: string; newEmail: string | null; familyMemberId: string | null };

/**
 * Marks the token used and answers whom it was for, in one conditional statement so two
 * concurrent uses cannot both succeed. Forged, cut, expired, used or other-purpose tokens all
 * answer the same 400; run it inside the transaction that applies the change, so a refusal later
 * in that transaction leaves the token unused.
 */
export async function consumeAccountToken(
  tx: Db,
  purposes: readonly AccountTokenPurpose[],
  token: string,
  now: Date,
): Promise<ConsumedToken & { purpose: AccountTokenPurpose }> {
  const refuse = () => localizedError('bad_request', INVALID_LINK[purposes[0]]);
  if (!TOKEN_SHAPE.test(token)) throw refuse();
  const [row] = await tx
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.tokenHash, hashOf(token)),
        inArray(accountTokens.purpose, [...purposes]),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .returning({
      userId: accountTokens.userId,
      newEmail: accountTokens.newEmail,
      familyMemberId: accountTokens.familyMemberId,
      purpose: accountTokens.purpose,
    });
  if (!row) throw refuse();
  return row;
}

/** Every open link of the account, whatever it was for, stops working (issue 37). */
export const retireEveryAccountToken = (tx: Db, userId: string, now: Date) =>
  retireAccountTokens(tx, userId, ACCOUNT_TOKEN_PURPOSES, now);

/** Every other open link of these purposes stops working (a reset, a newer address). */
export async function retireAccountTokens(
  tx: Db,
  userId: string,
  purposes: readonly AccountTokenPurpose[],
  now: Date,
): Promise<void> {
  await tx
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.userId, userId),
        inArray(accountTokens.purpose, [...purposes]),
        isNull(accountTokens.usedAt),
      ),
    );
}

/**
 * What an open link is for, without using it (a page that shows what accepting will do); the
 * same 400 as `consumeAccountToken` for anything that is not an open link of this purpose.
 */
export async function peekAccountToken(
  db: Db,
  purpose: AccountTokenPurpose,
  token: string,
  now: Date,
): Promise<ConsumedToken> {
  const refuse = () => localizedError('bad_request', INVALID_LINK[purpose]);
  if (!TOKEN_SHAPE.test(token)) throw refuse();
  const [row] = await db
    .select({
      userId: accountTokens.userId,
      newEmail: accountTokens.newEmail,
      familyMemberId: accountTokens.familyMemberId,
    })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.tokenHash, hashOf(token)),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    );
  if (!row) throw refuse();
  return row;
}
