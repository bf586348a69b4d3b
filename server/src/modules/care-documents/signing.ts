import { createHash, createPrivateKey, createPublicKey, randomBytes, sign, verify, type KeyObject } from 'node:crypto';
import { desc, like } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { signingKeys } from '../../db/schema';

/*
 * Ed25519 keys that sign care documents (decision 082). A key is a 32-byte seed; its id is the first
 * 16 hex digits of the SHA-256 of its raw public key, printed in every PDF it signs. Configured seeds
 * (DOCUMENT_SIGNING_KEYS) come first and the first of them signs; without any, the newest seed kept in
 * signing_keys under DB_PREFIX signs, made on first use. Every key either source ever held stays
 * published, so a document signed before a rotation still checks out.
 */

const DB_PREFIX = 'care-document-ed25519:';
// PKCS #8 wrapping of a raw Ed25519 seed (RFC 8410).
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export type SigningKey = { keyId: string; privateKey: KeyObject; publicKey: string };

function keyOfSeed(seed: Buffer): SigningKey {
  const privateKey = createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
  const raw = (createPublicKey(privateKey).export({ format: 'der', type: 'spki' }) as Buffer).subarray(-32);
  return {
    keyId: createHash('sha256').update(raw).digest('hex').slice(0, 16),
    privateKey,
    publicKey: raw.toString('base64url'),
  };
}

async function databaseKeys(db: Db): Promise<SigningKey[]> {
  const rows = await db
    .select({ secret: signingKeys.secret })
    .from(signingKeys)
    .where(like(signingKeys.name, `${DB_PREFIX}%`))
    .orderBy(desc(signingKeys.createdAt), desc(signingKeys.name));
  return rows.map((r) => keyOfSeed(Buffer.from(r.secret, 'base64url')));
}

/**
 * A new database key that signs from now on; the old ones stay published. Dated by the database's
 * own clock (not the app's, which tests fix), so the newest key is the one made last.
 */
export async function rotateDatabaseKey(db: Db): Promise<string> {
  const seed = randomBytes(32);
  await db
    .insert(signingKeys)
    .values({
      name: `${DB_PREFIX}${new Date().toISOString()}:${randomBytes(4).toString('hex')}`,
      secret: seed.toString('base64url'),
    })
    .onConflictDoNothing();
  return keyOfSeed(seed).keyId;
}

export type KeyRing = {
  /** The key that signs now (made in the database on first use when none is configured). */
  current(): Promise<SigningKey>;
  /** Every key a document may have been signed with, the current one first. */
  all(): Promise<SigningKey[]>;
};

export function keyRing(db: Db, configuredSeeds: readonly string[]): KeyRing {
  const configured = configuredSeeds.map((s) => keyOfSeed(Buffer.from(s, 'base64url')));
  const all = async () => {
    const stored = await databaseKeys(db);
    const seen = new Set<string>();
    return [...configured, ...stored].filter((k) => !seen.has(k.keyId) && seen.add(k.keyId));
  };
  return {
    all,
    async current() {
      if (configured.length) return configured[0];
      const [newest] = await databaseKeys(db);
      if (newest) return newest;
      // Two instances starting together may both make one; the newest row signs either way.
      await rotateDatabaseKey(db);
      return (await databaseKeys(db))[0];
    },
  };
}

/**
 * The canonical form of a document's content: JSON with object keys sorted at every level, no
 * spaces, strings as JSON.stringify writes them. What a verifier rebuilds from the copy's embedded
 * content before checking the signature.
 */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export const signContent = (key: SigningKey, content: unknown) =>
  sign(null, Buffer.from(canonical(content), 'utf8'), key.privateKey).toString('base64url');

/** Checks a signature against a raw Ed25519 public key (base64url), as an offline verifier would. */
export function verifyContent(publicKey: string, content: unknown, signature: string): boolean {
  const raw = Buffer.from(publicKey, 'base64url');
  if (raw.length !== 32) return false;
  const key = createPublicKey({
    key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), raw]),
    format: 'der',
    type: 'spki',
  });
  const sig = Buffer.from(signature, 'base64url');
  return sig.length === 64 && verify(null, Buffer.from(canonical(content), 'utf8'), key, sig);
}
