import type { Db } from '../../db/client';
import { keptStorageKeys } from '../../policies/document';
import type { DocumentStore } from './store';

/** Older than this, stored bytes no document names are an orphan, not an upload on its way. */
export const ORPHAN_AFTER_MS = 60 * 60_000;

/**
 * Deletes the bytes no document names any more. A bucket cannot take part in the database's
 * transactions, so an account deletion removes the rows in its transaction and leaves the bytes to
 * this sweep, as does a document deleted while the bucket did not answer. The hour spares an upload
 * between its bytes and its row. Runs in the housekeeping job; how many were deleted.
 */
export async function sweepOrphanBytes(db: Db, store: DocumentStore, now: Date): Promise<number> {
  let deleted = 0;
  for await (const keys of store.keysBefore(new Date(now.getTime() - ORPHAN_AFTER_MS))) {
    const kept = await keptStorageKeys(db, keys);
    const orphans = keys.filter((key) => !kept.has(key));
    if (orphans.length === 0) continue;
    await store.delete(orphans);
    deleted += orphans.length;
  }
  return deleted;
}
