import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { signingKeys } from '../../db/schema';

/**
 * A named key for signed links and tokens: made once, stored, shared by every instance and kept
 * across restarts, so a link handed out months ago still works and nobody needs to configure one.
 */
export async function signingKey(db: Db, name: string): Promise<Buffer> {
  await db
    .insert(signingKeys)
    .values({ name, secret: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ secret: signingKeys.secret }).from(signingKeys).where(eq(signingKeys.name, name));
  return Buffer.from(row.secret, 'base64url');
}
