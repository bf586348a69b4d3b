import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CurrentUser } from '@common/schemas/auth';
import type { AppContext } from '../../deps';
import { users } from '../../db/schema';
import { localizedError } from '../../core/errors';
import { reserveOrRefuse } from '../../http/re-authentication';
import { createSession, destroySession, originOf, sessionToken, setSessionCookie } from '../../http/session';
import {
  acceptSignInCode,
  challengeUser,
  CHALLENGE_TTL_MS,
  consumeChallenge,
  createChallenge,
  mfaEnabled,
} from './mfa';
import { rememberIdToken } from './oidc-flows';
import { checkCredentials, invalidCredentials, mfaFlags, presentUser } from './service';

/*
 * The one door to a session. Every way in names what it proved and passes here; only this file
 * makes a session or sets its cookie (a test scans the server for any other place that does).
 * The door applies, in this order: the sign-in lock of the address (password and code tries count
 * against it), an active account, the second factor (nothing but a right code stands in for it;
 * the password, a provider or a new account's sign-up only start the code step), and the
 * administrators' two-factor requirement (the reply's flags; the access hook holds such a session
 * at the setup). The address rules of a provider sign-in are settled before it reaches the door
 * (`resolveIdentity`: an address links only to an account that confirmed it; never an administrator).
 */

type UserRow = typeof users.$inferSelect;

export const MFA_COOKIE = 'medora_mfa';
const MFA_COOKIE_PATH = '/api/auth/mfa';

/** What the person proved on the way in. */
export type SignInProof =
  /** The sign-in form. */
  | { kind: 'password'; email: string; password: string }
  /** The second step of a sign-in that answered `mfaRequired`: the challenge cookie and a code. */
  | { kind: 'second_factor'; challenge: string | undefined; code: string }
  /**
   * A clinic's identity provider vouched for this account (oidc-accounts.ts `resolveIdentity`); its
   * ID token names the session to the provider's sign-out, through the code step too.
   */
  | { kind: 'provider'; user: UserRow; idToken: string }
  /** An account created by this very request (sign-up, or a provider's new person with its ID token). */
  | { kind: 'new_account'; user: UserRow; idToken?: string };

export type SignInOutcome =
  | { kind: 'signed_in'; user: CurrentUser; userType: UserRow['userType']; session: string }
  | { kind: 'mfa_required' };

export type SignIn = (request: FastifyRequest, reply: FastifyReply, proof: SignInProof) => Promise<SignInOutcome>;

function setChallengeCookie(reply: FastifyReply, token: string, secure: boolean) {
  reply.setCookie(MFA_COOKIE, token, {
    path: MFA_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure,
    maxAge: Math.floor(CHALLENGE_TTL_MS / 1000),
  });
}

const clearChallengeCookie = (reply: FastifyReply, secure: boolean) =>
  reply.clearCookie(MFA_COOKIE, { path: MFA_COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure });

export function signInDoor({ config, db, clock, loginThrottle: throttle }: AppContext): SignIn {
  async function startSession(request: FastifyRequest, reply: FastifyReply, userId: string) {
    // A fresh id at every sign-in defeats session fixation.
    await destroySession(db, sessionToken(request));
    const token = await createSession(db, userId, originOf(request));
    setSessionCookie(reply, token, config.secureCookies, config.sessionIdleMs);
    return token;
  }

  /**
   * Who the proof names, with the lock applied to the tries that can be guesses, and the provider's
   * ID token the session will keep (from the proof, or from the challenge a provider sign-in left).
   */
  async function provenUser(
    reply: FastifyReply,
    proof: SignInProof,
  ): Promise<{ user: UserRow; idToken: string | null }> {
    switch (proof.kind) {
      case 'password': {
        await reserveOrRefuse(throttle, proof.email, reply);
        const user = await checkCredentials(db, proof);
        if (!user) throw invalidCredentials();
        return { user, idToken: null };
      }
      case 'second_factor': {
        const now = clock.now();
        const pending = await challengeUser(db, proof.challenge, now);
        if (!pending || !proof.challenge || !pending.isActive)
          throw localizedError('unauthorized', 'errors.signInExpired');
        await reserveOrRefuse(throttle, pending.email, reply);
        if (!(await acceptSignInCode(db, pending.id, proof.code, now)))
          throw localizedError('unauthorized', 'errors.wrongCode');
        if (!(await consumeChallenge(db, proof.challenge)))
          throw localizedError('unauthorized', 'errors.signInExpired');
        clearChallengeCookie(reply, config.secureCookies);
        const [row] = await db.select().from(users).where(eq(users.id, pending.id));
        return { user: row, idToken: pending.idToken };
      }
      case 'provider':
      case 'new_account':
        return { user: proof.user, idToken: proof.idToken ?? null };
    }
  }

  return async function signIn(request, reply, proof) {
    const { user, idToken } = await provenUser(reply, proof);
    if (!user.isActive || user.deletedAt) throw localizedError('forbidden', 'errors.deactivated');
    const secondFactorOn = await mfaEnabled(db, user.id);
    if (secondFactorOn && proof.kind !== 'second_factor') {
      // The lock stays counting until the code is right: a known password must not reopen it.
      const challenge = await createChallenge(db, user.id, clock.now(), originOf(request), idToken);
      setChallengeCookie(reply, challenge, config.secureCookies);
      return { kind: 'mfa_required' };
    }
    // A new account has no lock of its own to clear; every other way in proved the account.
    if (proof.kind !== 'new_account') await throttle.reset(user.email);
    const session = await startSession(request, reply, user.id);
    if (idToken) await rememberIdToken(db, session, idToken);
    return {
      kind: 'signed_in',
      user: presentUser(user, mfaFlags(user, secondFactorOn, config.adminMfaRequired)),
      userType: user.userType,
      session,
    };
  };
}
