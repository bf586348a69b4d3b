import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documentBlobs } from '../../db/schema';

/**
 * Where a document's bytes live, behind one interface (decision 081). The database is the default:
 * one backup holds everything, the embedded database included. A bucket (S3 and compatible,
 * s3-store.ts) is the way out when documents outgrow it: DOCUMENT_STORE_URL.
 */
export type DocumentStore = {
  readonly kind: 'database' | 's3';
  put(key: string, data: Buffer): Promise<void>;
  /** The bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  /** Deletes what is stored under the keys; a key with nothing stored is no error. */
  delete(keys: readonly string[]): Promise<void>;
  /** The stored keys written before `before`, a page at a time (the orphan sweep reads them). */
  keysBefore(before: Date): AsyncIterable<string[]>;
};

const PAGE = 1000;

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
    async *keysBefore(before) {
      let after = '';
      for (;;) {
        const rows = await db
          .select({ key: documentBlobs.key })
          .from(documentBlobs)
          .where(and(lt(documentBlobs.createdAt, before), after ? gt(documentBlobs.key, after) : undefined))
          .orderBy(documentBlobs.key)
          .limit(PAGE);
        if (rows.length === 0) return;
        yield rows.map((row) => row.key);
        if (rows.length < PAGE) return;
        after = rows[rows.length - 1].key;
      }
    },
  };
}
