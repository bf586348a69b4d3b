import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DOCUMENT_OPENS_LIMIT } from '@common/constants/care';
import type { DocumentOpen } from '@common/schemas/documents';
import type { Db } from '../db/client';
import { auditEvents, auditReadRepeats, documentShares, documents, users } from '../db/schema';
import { notFound } from '../core/errors';
import { recordRead, recordReads } from './access-audit';
import { doctorIdOfUser, treating } from './care-relation';
import type { Viewer } from './viewer';

/*
 * A patient's documents (issue 41). Read by the patient, and by a doctor the patient shared the
 * document with while that doctor is treating them (a visit in the last 12 months or one ahead,
 * policies/care-relation.ts); everyone else, administrators included, is told it does not exist.
 * Every read by a doctor — the list, the download — is in the patient's record-access log.
 * Sharing, unsharing and deleting are the patient's alone.
 */

export type DocumentRow = typeof documents.$inferSelect;

/** The SQL form of "may `viewer` read this document" over `documents`. */
export function documentsVisibleTo(viewer: Pick<Viewer, 'id' | 'role'>, now: Date): SQL {
  const own = eq(documents.patientId, viewer.id);
  if (viewer.role !== 'doctor') return own;
  const mine = doctorIdOfUser(viewer.id);
  return or(
    own,
    and(
      sql`exists (select 1 from ${documentShares} where ${documentShares.documentId} = ${documents.id} and ${documentShares.doctorId} = ${mine})`,
      treating(documents.patientId, mine, now),
    ),
  )!;
}

/** One document for download, as the viewer may read it (404 else); a read by a doctor is audited. */
export async function readDocument(db: Db, viewer: Viewer, id: string, now: Date): Promise<DocumentRow> {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), documentsVisibleTo(viewer, now)));
  if (!row) throw notFound('Document');
  await recordRead(db, viewer, { patientId: row.patientId, kind: 'documents', targetId: row.id }, now);
  return row;
}

/**
 * The documents the viewer may read, newest first, with whom each is shared (for its patient
 * only). A doctor's list is a read of each patient's documents, audited once per patient.
 */
export async function readDocumentList(db: Db, viewer: Viewer, now: Date) {
  const rows = await db
    .select()
    .from(documents)
    .where(documentsVisibleTo(viewer, now))
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(500);
  const own = rows.filter((r) => r.patientId === viewer.id).map((r) => r.id);
  const shares =
    own.length === 0
      ? []
      : await db
          .select({ documentId: documentShares.documentId, doctorId: documentShares.doctorId })
          .from(documentShares)
          .where(inArray(documentShares.documentId, own));
  // A list shows titles, not contents: audited without a document id, so that only a download
  // counts as opening a document ("who opened it", readDocumentOpens).
  await recordReads(
    db,
    viewer,
    'documents',
    rows.map((r) => ({ patientId: r.patientId })),
    now,
  );
  return rows.map((row) => ({
    row,
    sharedWith: shares.filter((s) => s.documentId === row.id).map((s) => s.doctorId),
  }));
}

/** A document of the viewer's own, for the patient's commands on it (share, unshare, delete); 404 else. */
export async function ownDocument(db: Db, viewer: Viewer, id: string): Promise<DocumentRow> {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), eq(documents.patientId, viewer.id)));
  if (!row) throw notFound('Document');
  return row;
}

/**
 * Documents to attach to a message of `patientId`'s conversation: each must be that patient's and
 * readable by the viewer (404 for any that is not). Ids and owners only; not a read of the content.
 */
export async function attachableDocuments(
  db: Db,
  viewer: Viewer,
  patientId: string,
  ids: readonly string[],
  now: Date,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const unique = [...new Set(ids)];
  const rows = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(inArray(documents.id, unique), eq(documents.patientId, patientId), documentsVisibleTo(viewer, now)));
  if (rows.length !== unique.length) throw notFound('Document');
  return unique;
}

/**
 * Who opened one of the viewer's own documents: the downloads of it by others in the patient's
 * record-access log (their own downloads are not logged), newest first. Anyone but its patient —
 * a doctor it is shared with included — is told it does not exist. The patient's read of their own
 * log is not itself audited.
 */
export async function readDocumentOpens(db: Db, viewer: Viewer, id: string): Promise<DocumentOpen[]> {
  const document = await ownDocument(db, viewer, id);
  const actor = alias(users, 'actor');
  const rows = await db
    .select({
      id: auditEvents.id,
      at: auditEvents.occurredAt,
      lastAt: auditReadRepeats.lastReadAt,
      count: sql<number>`coalesce(${auditReadRepeats.readCount}, 1)`,
      role: auditEvents.actorRole,
      firstName: actor.firstName,
      lastName: actor.lastName,
    })
    .from(auditEvents)
    .leftJoin(actor, eq(actor.id, auditEvents.actorId))
    .leftJoin(auditReadRepeats, eq(auditReadRepeats.eventId, auditEvents.id))
    .where(
      and(
        eq(auditEvents.subjectUserId, document.patientId),
        eq(auditEvents.action, 'patient_record.read'),
        eq(auditEvents.targetType, 'documents'),
        eq(auditEvents.targetId, document.id),
      ),
    )
    .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.id))
    .limit(DOCUMENT_OPENS_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    at: r.at.toISOString(),
    lastAt: (r.lastAt ?? r.at).toISOString(),
    count: Number(r.count),
    role: r.role,
    name: r.role === 'doctor' && r.firstName ? `Dr. ${r.firstName} ${r.lastName}` : null,
  }));
}

/** Bytes a patient's documents take together (the quota); sizes only. */
export async function bytesUsedBy(db: Db, patientId: string): Promise<number> {
  const [row] = await db
    .select({ used: sql<string | null>`sum(${documents.size})` })
    .from(documents)
    .where(eq(documents.patientId, patientId));
  return Number(row?.used ?? 0);
}

/** Storage keys of a patient's documents, for deleting the bytes with the account. */
export async function storageKeysOf(db: Db, patientId: string): Promise<string[]> {
  const rows = await db.select({ key: documents.storageKey }).from(documents).where(eq(documents.patientId, patientId));
  return rows.map((r) => r.key);
}

/** Which of these storage keys a document still names: the orphan sweep's question (keys only, no health data). */
export async function keptStorageKeys(db: Db, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: documents.storageKey })
    .from(documents)
    .where(inArray(documents.storageKey, [...keys]));
  return new Set(rows.map((r) => r.key));
}

/** The viewer's own documents (metadata), for their data export (their own: not audited). */
export async function ownDocuments(db: Db, viewer: Viewer): Promise<DocumentRow[]> {
  return db.select().from(documents).where(eq(documents.patientId, viewer.id)).orderBy(documents.createdAt);
}
