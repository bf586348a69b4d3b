import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { localizedError } from '../core/errors';
import { verifyPassword } from '../core/passwords';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { SignInThrottle } from './login-throttle';

/*
 * Asking a signed-in person for their password again before a change that an open session alone
 * must not make (turning two-factor on, replacing the payout account). Guessing here is guessing
 * the password, so every try counts against the sign-in lock of the account's address.
 */

/** Answers 429 when the account's sign-in lock is closed; otherwise counts this attempt. */
export async function reserveOrRefuse(throttle: SignInThrottle, key: string, reply: FastifyReply): Promise<void> {
  const wait = await throttle.reserveAttempt(key);
  if (wait > 0) {
    reply.header('retry-after', Math.ceil(wait / 1000));
    throw localizedError('rate_limited', 'errors.tooManySignIns', { minutes: Math.ceil(wait / 60_000) });
  }
}

/** A 400 naming the `password` field unless it is the account's password (the caller holds the lock). */
export async function checkPassword(db: Db, userId: string, password: string): Promise<void> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!(await verifyPassword(row?.passwordHash, password))) {
    throw localizedError('bad_request', 'errors.incorrectPassword', undefined, {
      password: { key: 'errors.field.incorrectPassword' },
    });
  }
}

/** The password again, under the sign-in lock of the address; a right one clears the lock. */
export async function requirePassword(
  { db, loginThrottle }: { db: Db; loginThrottle: SignInThrottle },
  user: { id: string; email: string },
  password: string,
  reply: FastifyReply,
): Promise<void> {
  await reserveOrRefuse(loginThrottle, user.email, reply);
  await checkPassword(db, user.id, password);
  await loginThrottle.reset(user.email);
}
