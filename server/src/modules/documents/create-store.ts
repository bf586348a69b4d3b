import type { DocumentStoreSettings } from '../../config';
import type { Db } from '../../db/client';
import { s3DocumentStore } from './s3-store';
import { databaseDocumentStore, type DocumentStore } from './store';

/** The store DOCUMENT_STORE_URL names. */
export async function createDocumentStore(settings: DocumentStoreSettings, db: Db): Promise<DocumentStore> {
  if (settings.kind === 'database') return databaseDocumentStore(db);
  return s3DocumentStore(settings);
}
