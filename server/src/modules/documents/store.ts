import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documentBlobs } from '../../db/schema';

/**
 * Where a document's bytes live, behind one interface (decision 081). The database is the default:
 * one backup holds everything, the embedded database included. A bucket (S3 and compatible) is the
 * way out when documents outgrow it; it is not built yet (docs/care-between-visits.md).
 */
export type DocumentStore = {
  readonly kind: 'database';
  put(key: string, data: Buffer): Promise<void>;
  /** The bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  delete(keys: readonly string[]): Promise<void>;
};

export function databaseDocumentStore(db: Db): DocumentStore {
  return {
    kind: 'database',
    async put(key, data) {
      await db.insert(documentBlobs).values({ key, data });
    },
    async get(key) {
      const [row] = await db.select({ data: documentBlobs.data }).from(documentBlobs).where(eq(documentBlobs.key, key));
      return row?.data ?? null;
    },
    async delete(keys) {
      if (keys.length === 0) return;
      await db.delete(documentBlobs).where(inArray(documentBlobs.key, [...keys]));
    },
  };
}
