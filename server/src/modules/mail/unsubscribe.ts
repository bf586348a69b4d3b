import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { signingKey } from '../platform/signing-keys';

const KEY_NAME = 'unsubscribe';
const uuid = z.uuid();

const mac = (key: Buffer, userId: string) =>
  createHmac('sha256', key).update(`marketing-unsubscribe:${userId}`).digest('base64url');

/** "<userId>.<signature>": names whom it unsubscribes and proves Medora made the link. */
export async function unsubscribeToken(db: Db, userId: string): Promise<string> {
  return `${userId}.${mac(await signingKey(db, KEY_NAME), userId)}`;
}

/** The user a token was made for, or null for anything forged, cut short or malformed. */
export async function verifyUnsubscribeToken(db: Db, token: string): Promise<string | null> {
  const [userId, signature, ...rest] = token.split('.');
  if (rest.length > 0 || !signature || !uuid.safeParse(userId).success) return null;
  const expected = Buffer.from(mac(await signingKey(db, KEY_NAME), userId));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}

export const unsubscribeUrl = (origin: string, token: string) =>
  `${origin}/api/email/unsubscribe?token=${encodeURIComponent(token)}`;

/** Sets the opt-out; true when the account exists. Transactional mail is not affected. */
export async function optOutOfMarketing(db: Db, userId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ marketingEmailOptOut: true, updatedAt: now })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return rows.length > 0;
}
