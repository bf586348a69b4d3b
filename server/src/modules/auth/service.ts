import { and, eq, isNull } from 'drizzle-orm';
import { languageOf } from '@common/i18n/negotiate';
import type { Language } from '@common/i18n/languages';
import type { CurrentUser, LoginRequest, RegisterRequest } from '@common/schemas/auth';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { users } from '../../db/schema';
import { localizedError } from '../../core/errors';
import type { SessionUser } from '../../core/session-user';
import { hashPassword, verifyPassword } from '../../core/passwords';
import { enqueueAccountEmail } from '../mail/events';
import { mfaEnabled } from './mfa';

type UserRow = typeof users.$inferSelect;

/** Two-factor state as the shell needs it; a new account has none. */
export type MfaFlags = { mfaEnabled: boolean; mfaSetupRequired: boolean };
const NO_MFA: MfaFlags = { mfaEnabled: false, mfaSetupRequired: false };

/** An administrator is held at the two-factor setup while it is required and not on. */
export const mfaFlags = (user: Pick<UserRow, 'userType'>, enabled: boolean, adminMfaRequired: boolean): MfaFlags => ({
  mfaEnabled: enabled,
  mfaSetupRequired: adminMfaRequired && user.userType === 'admin' && !enabled,
});

export function presentUser(user: UserRow, mfa: MfaFlags = NO_MFA): CurrentUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    userType: user.userType,
    isActive: user.isActive,
    isVerified: user.isVerified,
    emailVerified: user.emailVerifiedAt !== null,
    createdAt: user.createdAt.toISOString(),
    timeZone: user.timeZone,
    language: languageOf(user.language),
    ...mfa,
  };
}

/** Returns the user, or null for a wrong e-mail or password (the caller says which it was not). */
export async function checkCredentials(db: Db, input: LoginRequest): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.email, input.email)).limit(1);
  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok) return null;
  if (!user.isActive) throw localizedError('forbidden', 'errors.deactivated');
  return user;
}

/**
 * What a sign-up for an e-mail that has an account answers, whatever the password: it invites
 * signing in without confirming that the account exists, and signs nobody in (decision 068).
 */
export const signUpRefused = () => localizedError('conflict', 'errors.signUpRefused');
export const SIGN_UP_REFUSED = signUpRefused().message;

/**
 * A new account. An e-mail that has one is refused the same way whatever the password: the
 * password is not even compared, so a sign-up is neither a second sign-in form (past the lock and
 * the second factor) nor a way to test passwords.
 */
export async function registerUser(db: Db, input: RegisterRequest, now: Date): Promise<UserRow> {
  const passwordHash = await hashPassword(input.password);
  try {
    const user = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          email: input.email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          userType: input.userType,
          timeZone: input.timeZone ?? null,
          language: input.language ?? null,
        })
        .returning();
      // The link to confirm the address goes out with the account, or neither exists.
      await enqueueAccountEmail(tx, { kind: 'verify_email', userId: row.id }, now);
      return row;
    });
    return user;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw signUpRefused();
  }
}

/** The signed-in user's own account as the shell shows it; read afresh, never from the session. */
export async function currentUser(db: Db, user: SessionUser, adminMfaRequired: boolean): Promise<CurrentUser> {
  const [row] = await db.select().from(users).where(eq(users.id, user.id)).limit(1);
  if (!row) throw localizedError('unauthorized', 'errors.notSignedIn');
  return presentUser(row, mfaFlags(row, await mfaEnabled(db, row.id), adminMfaRequired));
}

/**
 * Sets the zone the person reads times in. `onlyIfUnset` is the browser's guess at a first
 * sign-in: it never overwrites a zone the person chose.
 */
export async function setTimeZone(
  db: Db,
  userId: string,
  timeZone: string,
  { onlyIfUnset = false } = {},
): Promise<void> {
  await db
    .update(users)
    .set({ timeZone })
    .where(onlyIfUnset ? and(eq(users.id, userId), isNull(users.timeZone)) : eq(users.id, userId));
}

/** The language the person reads screens, e-mails and documents in. */
export async function setLanguage(db: Db, userId: string, language: Language): Promise<void> {
  await db.update(users).set({ language }).where(eq(users.id, userId));
}

export const invalidCredentials = () => localizedError('unauthorized', 'errors.invalidCredentials');
