import { createHash, randomBytes, randomInt } from 'node:crypto';
import { and, count, eq, gt, isNull, lt } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { RECOVERY_CODE_COUNT, type MfaSetupReply, type MfaStatus } from '@common/schemas/mfa';
import type { Db } from '../../db/client';
import { mfaChallenges, mfaRecoveryCodes, users, userTotp } from '../../db/schema';
import { localizedError } from '../../core/errors';

const ISSUER = 'Medora';
const PERIOD_S = 30;
/** A pending second step lives this long after the password was right. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

const totpFor = (secret: string, email = '') =>
  new TOTP({
    issuer: ISSUER,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(secret),
  });

export async function mfaEnabled(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ enabledAt: userTotp.enabledAt }).from(userTotp).where(eq(userTotp.userId, userId));
  return Boolean(row?.enabledAt);
}

export async function mfaStatus(db: Db, userId: string): Promise<MfaStatus> {
  const enabled = await mfaEnabled(db, userId);
  const [{ left }] = await db
    .select({ left: count() })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
  return { enabled, recoveryCodesLeft: enabled ? left : 0 };
}

/** A new pending secret (replacing an earlier pending one); refused while two-factor is on. */
export async function startTotpSetup(db: Db, user: { id: string; email: string }): Promise<MfaSetupReply> {
  if (await mfaEnabled(db, user.id)) throw localizedError('conflict', 'errors.twoFactorSign');
  const secret = new Secret({ size: 20 }).base32;
  await db
    .insert(userTotp)
    .values({ userId: user.id, secret })
    .onConflictDoUpdate({ target: userTotp.userId, set: { secret, lastStep: 0, enabledAt: null } });
  const otpauthUrl = totpFor(secret, user.email).toString();
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauthUrl, qrSvg };
}

/**
 * Accepts a code of the current step or one step either side, once: the step is recorded in the
 * same statement that checks it is newer than the last one accepted, so a replay (even a
 * concurrent one) fails.
 */
async function acceptTotp(db: Db, userId: string, code: string, now: Date, pending: boolean): Promise<boolean> {
  const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, userId));
  if (!row || Boolean(row.enabledAt) === pending) return false;
  const totp = totpFor(row.secret);
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return false;
  const step = totp.counter({ timestamp: now.getTime() }) + delta;
  const taken = await db
    .update(userTotp)
    .set({ lastStep: step, ...(pending ? { enabledAt: now } : {}) })
    .where(and(eq(userTotp.userId, userId), lt(userTotp.lastStep, step)))
    .returning({ userId: userTotp.userId });
  return taken.length === 1;
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const normaliseRecovery = (code: string) => code.replace(/-/g, '').toLowerCase();

function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** The first right code turns two-factor on; answers the recovery codes, shown this once. */
export async function enableTotp(db: Db, userId: string, code: string, now: Date): Promise<string[]> {
  if (await mfaEnabled(db, userId)) throw localizedError('conflict', 'errors.twoFactorSign');
  if (!(await acceptTotp(db, userId, code, now, true))) {
    throw localizedError('bad_request', 'errors.codeRightCheckTime', undefined, {
      code: { key: 'errors.field.codeNotRight' },
    });
  }
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.transaction(async (tx) => {
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
    await tx.insert(mfaRecoveryCodes).values(codes.map((c) => ({ userId, codeHash: sha256(normaliseRecovery(c)) })));
  });
  return codes;
}

/** A code from the app or an unused recovery code (which is then used up). */
export async function acceptSignInCode(db: Db, userId: string, code: string, now: Date): Promise<boolean> {
  if (/^\d{6}$/.test(code)) return acceptTotp(db, userId, code, now, false);
  if (!(await mfaEnabled(db, userId))) return false;
  const used = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(mfaRecoveryCodes.userId, userId),
        eq(mfaRecoveryCodes.codeHash, sha256(normaliseRecovery(code))),
        isNull(mfaRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: mfaRecoveryCodes.id });
  return used.length === 1;
}

/**
 * A reset through the inbox proves who owns the address. A second factor set up before the address
 * was verified may be a squatter's, who registered the address first: it goes, and the owner sets
 * one up again. `verifiedAt` is when the address was verified before this reset (null: never).
 */
export async function dropFactorSetUpUnverified(tx: Db, userId: string, verifiedAt: Date | null): Promise<void> {
  const [row] = await tx.select({ enabledAt: userTotp.enabledAt }).from(userTotp).where(eq(userTotp.userId, userId));
  if (!row) return;
  if (verifiedAt && row.enabledAt && row.enabledAt >= verifiedAt) return;
  await disableTotp(tx, userId);
}

export async function disableTotp(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
    await tx.delete(userTotp).where(eq(userTotp.userId, userId));
    await tx.delete(mfaChallenges).where(eq(mfaChallenges.userId, userId));
  });
}

/** The half-sign-in: a token for the cookie; only its hash is stored. */
export async function createChallenge(
  db: Db,
  userId: string,
  now: Date,
  origin: { userAgent?: string; ipAddress?: string },
  idToken: string | null = null,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.delete(mfaChallenges).where(lt(mfaChallenges.expiresAt, now));
  await db.insert(mfaChallenges).values({
    id: sha256(token),
    userId,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
    userAgent: (origin.userAgent ?? '').slice(0, 400),
    ipAddress: (origin.ipAddress ?? '').slice(0, 64),
    idToken,
  });
  return token;
}

/** The user waiting on this challenge, while it is unexpired (with the provider's ID token when a provider sign-in waits). */
export async function challengeUser(db: Db, token: string | undefined, now: Date) {
  if (!token || token.length > 100) return null;
  const [row] = await db
    .select({ id: users.id, email: users.email, isActive: users.isActive, idToken: mfaChallenges.idToken })
    .from(mfaChallenges)
    .innerJoin(users, eq(users.id, mfaChallenges.userId))
    .where(and(eq(mfaChallenges.id, sha256(token)), gt(mfaChallenges.expiresAt, now)));
  return row ?? null;
}

/** Uses the challenge up; false when another request already did. */
export async function consumeChallenge(db: Db, token: string): Promise<boolean> {
  const gone = await db
    .delete(mfaChallenges)
    .where(eq(mfaChallenges.id, sha256(token)))
    .returning({ id: mfaChallenges.id });
  return gone.length === 1;
}
