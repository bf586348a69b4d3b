import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { users } from '../../db/schema';
import { localizedError } from '../../core/errors';
import { hashPassword } from '../../core/passwords';
import { bindApprovedApplication } from '../admin/applications';
import { consumeAccountToken, retireAccountTokens } from '../account-tokens/tokens';
import { enqueueAccountEmail } from '../mail/events';
import { dropFactorSetUpUnverified } from './mfa';
import { retireWhatTheAccountIssued } from './retire';

/*
 * Account rules that follow a mailed link or a signed-in change: confirming an address, setting
 * a new password. Ending sessions is the caller's (after the change commits).
 */

/** A verify_email or change_email link: the address it names becomes the account's, confirmed. */
export async function confirmEmailLink(db: Db, token: string, now: Date): Promise<{ userId: string; email: string }> {
  return db.transaction(async (tx) => {
    const used = await consumeAccountToken(tx, ['verify_email', 'change_email'], token, now);
    if (used.purpose === 'verify_email') {
      const [row] = await tx
        .update(users)
        .set({
          emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
          updatedAt: now,
        })
        .where(and(eq(users.id, used.userId), isNull(users.deletedAt)))
        .returning({ email: users.email });
      if (!row) throw localizedError('conflict', 'errors.accountLongerExists');
      await bindApprovedApplication(tx, used.userId, row.email, now);
      return { userId: used.userId, email: row.email };
    }
    const [before] = await tx.select({ email: users.email }).from(users).where(eq(users.id, used.userId));
    const newEmail = used.newEmail!;
    try {
      // A savepoint, so a clash leaves the transaction usable for the refusal.
      await tx.transaction(async (sp) => {
        await sp
          .update(users)
          .set({ email: newEmail, emailVerifiedAt: now, updatedAt: now })
          .where(and(eq(users.id, used.userId), isNull(users.deletedAt)));
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw localizedError('conflict', 'errors.anotherAccountUsesAddress');
      throw error;
    }
    await retireAccountTokens(tx, used.userId, ['change_email', 'verify_email', 'reset_password'], now);
    if (before && before.email !== newEmail) {
      await enqueueAccountEmail(
        tx,
        { kind: 'email_changed', userId: used.userId, oldEmail: before.email, newEmail },
        now,
      );
    }
    await bindApprovedApplication(tx, used.userId, newEmail, now);
    return { userId: used.userId, email: newEmail };
  });
}

/**
 * A reset link: the new password is set, everything the account issued is retired, and the
 * person is told. Following it proves the inbox is theirs, so the address counts as verified too:
 * a second factor set up before it was verified goes, and an approved application binds.
 */
export async function resetPasswordWithLink(db: Db, token: string, password: string, now: Date) {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const used = await consumeAccountToken(tx, ['reset_password'], token, now);
    const [before] = await tx
      .select({ emailVerifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, used.userId));
    const [row] = await tx
      .update(users)
      .set({
        passwordHash,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
        updatedAt: now,
      })
      .where(and(eq(users.id, used.userId), isNull(users.deletedAt)))
      .returning({ id: users.id, email: users.email });
    if (!row) throw localizedError('conflict', 'errors.accountLongerExists');
    await dropFactorSetUpUnverified(tx, row.id, before?.emailVerifiedAt ?? null);
    await retireWhatTheAccountIssued(tx, row.id, now);
    await bindApprovedApplication(tx, row.id, row.email, now);
    await enqueueAccountEmail(tx, { kind: 'password_changed', userId: row.id }, now);
    return row;
  });
}

/** A signed-in change, after the caller checked the current password; what the account issued is retired. */
export async function setPassword(db: Db, userId: string, password: string, now: Date) {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
    await retireWhatTheAccountIssued(tx, userId, now);
    await enqueueAccountEmail(tx, { kind: 'password_changed', userId }, now);
  });
}
