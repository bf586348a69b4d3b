import type { DocumentStoreSettings } from '../../config';
import type { Db } from '../../db/client';
import { databaseDocumentStore, type DocumentStore } from './store';

/** The store DOCUMENT_STORE_URL names; the AWS SDK is loaded only when a bucket is. */
export async function createDocumentStore(settings: DocumentStoreSettings, db: Db): Promise<DocumentStore> {
  if (settings.kind === 'database') return databaseDocumentStore(db);
  const { s3DocumentStore } = await import('./s3-store');
  return s3DocumentStore(settings);
}
