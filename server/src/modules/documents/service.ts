import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { DOCUMENT_QUOTA_BYTES, type UploadContentType } from '@common/constants/care';
import type { DocumentInfo, DocumentList } from '@common/schemas/documents';
import type { Db } from '../../db/client';
import { doctors, documentShares, documents } from '../../db/schema';
import { localizedError, notFound } from '../../core/errors';
import { treating } from '../../policies/care-relation';
import { bytesUsedBy, ownDocument, readDocumentList, type DocumentRow } from '../../policies/document';
import { doctorsOwnedBy } from '../../policies/doctor';
import { familyMemberNotFound, ownFamilyMember } from '../../policies/family-member';
import type { Viewer } from '../../policies/viewer';
import { sanitized } from './content';
import type { DocumentStore } from './store';

/*
 * Documents a patient keeps in Medora (issue 41, docs/care-between-visits.md): uploaded by the
 * patient, or by a doctor who is treating them; shared by the patient with such doctors.
 */

export const presentDocument = (row: DocumentRow): DocumentInfo => ({
  id: row.id,
  title: row.title,
  contentType: row.contentType,
  size: row.size,
  familyMemberId: row.familyMemberId,
  createdAt: row.createdAt.toISOString(),
});

const megabytes = (bytes: number) => Math.ceil((bytes / 1024 / 1024) * 10) / 10;

/** Whether `doctorId` is treating `patientId` at `now` (policies/care-relation.ts). */
async function isTreating(db: Db, patientId: string, doctorId: string, now: Date) {
  const [row] = await db
    .select({ ok: sql<boolean>`${treating(patientId, doctorId, now)}` })
    .from(sql`(select 1) as one`);
  return row?.ok === true;
}

/** The patient the upload is for: the viewer, or (a doctor) a patient they are treating; and the doctor's id. */
async function uploadTarget(db: Db, viewer: Viewer, patientId: string | undefined, now: Date) {
  if (viewer.role === 'patient' && (patientId === undefined || patientId === viewer.id)) {
    return { patientId: viewer.id, doctorId: null };
  }
  if (viewer.role !== 'doctor' || patientId === undefined) throw notFound('User');
  const [own] = await db.select({ id: doctors.id }).from(doctors).where(doctorsOwnedBy(viewer));
  if (!own || !(await isTreating(db, patientId, own.id, now))) throw notFound('User');
  return { patientId, doctorId: own.id };
}

export type Upload = {
  bytes: Buffer;
  type: UploadContentType;
  title: string;
  patientId?: string;
  /** A patient files it in one of their family members' records (issue 42); 404 if not theirs. */
  familyMemberId?: string;
};

/**
 * Stores one document: the bytes made safe (content.ts), the quota checked under a per-patient
 * lock so two uploads at once cannot both squeeze in, the bytes put in the store and the row
 * written. A doctor's upload is shared with that doctor.
 */
export async function uploadDocument(
  db: Db,
  store: DocumentStore,
  viewer: Viewer,
  upload: Upload,
  now: Date,
): Promise<DocumentInfo> {
  const target = await uploadTarget(db, viewer, upload.patientId, now);
  if (upload.familyMemberId !== undefined) {
    // Only a patient files in a member's record: their own, live member.
    if (target.doctorId) throw familyMemberNotFound();
    await ownFamilyMember(db, viewer, upload.familyMemberId);
  }
  const clean = await sanitized(upload.bytes, upload.type);
  const key = `${target.patientId}/${randomUUID()}`;
  await store.put(key, clean.data);
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`documents:${target.patientId}`}))`);
      const used = await bytesUsedBy(tx, target.patientId);
      if (used + clean.data.length > DOCUMENT_QUOTA_BYTES) {
        throw localizedError('conflict', 'care.errors.quota', {
          used: megabytes(used),
          quota: DOCUMENT_QUOTA_BYTES / 1024 / 1024,
          size: megabytes(clean.data.length),
        });
      }
      const [row] = await tx
        .insert(documents)
        .values({
          patientId: target.patientId,
          uploadedBy: viewer.id,
          familyMemberId: upload.familyMemberId ?? null,
          title: upload.title,
          contentType: clean.contentType,
          size: clean.data.length,
          storageKey: key,
          createdAt: now,
        })
        .returning();
      if (target.doctorId) {
        await tx.insert(documentShares).values({ documentId: row.id, doctorId: target.doctorId, createdAt: now });
      }
      return presentDocument(row);
    });
  } catch (error) {
    await store.delete([key]);
    throw error;
  }
}

export async function listDocuments(db: Db, viewer: Viewer, now: Date): Promise<DocumentList> {
  const list = await readDocumentList(db, viewer, now);
  return {
    documents: list.map(({ row, sharedWith }) => ({
      ...presentDocument(row),
      patientId: row.patientId,
      uploadedBy: row.uploadedBy,
      sharedWith,
    })),
    usedBytes: viewer.role === 'patient' ? await bytesUsedBy(db, viewer.id) : 0,
    quotaBytes: DOCUMENT_QUOTA_BYTES,
  };
}

async function sharesOf(db: Db, documentId: string) {
  const rows = await db
    .select({ doctorId: documentShares.doctorId })
    .from(documentShares)
    .where(eq(documentShares.documentId, documentId))
    .orderBy(documentShares.createdAt);
  return { sharedWith: rows.map((r) => r.doctorId) };
}

/** The patient shares their document with a doctor who is treating them (409 with a reason otherwise). */
export async function shareDocument(db: Db, viewer: Viewer, id: string, doctorId: string, now: Date) {
  const document = await ownDocument(db, viewer, id);
  const [doctor] = await db.select({ id: doctors.id }).from(doctors).where(eq(doctors.id, doctorId));
  if (!doctor) throw notFound('Doctor');
  if (!(await isTreating(db, document.patientId, doctorId, now))) {
    throw localizedError('conflict', 'care.errors.notTreating');
  }
  await db.insert(documentShares).values({ documentId: id, doctorId, createdAt: now }).onConflictDoNothing();
  return sharesOf(db, id);
}

export async function unshareDocument(db: Db, viewer: Viewer, id: string, doctorId: string) {
  await ownDocument(db, viewer, id);
  await db.delete(documentShares).where(and(eq(documentShares.documentId, id), eq(documentShares.doctorId, doctorId)));
  return sharesOf(db, id);
}

/**
 * The patient deletes their document: its row (and shares), then its bytes. The document is gone
 * once its row is; bytes a bucket failed to delete are the orphan sweep's (orphans.ts), and the
 * failure is returned for the log rather than shown to the patient as a failed deletion.
 */
export async function deleteDocument(
  db: Db,
  store: DocumentStore,
  viewer: Viewer,
  id: string,
): Promise<{ bytesLeft: unknown } | null> {
  const document = await ownDocument(db, viewer, id);
  await db.delete(documents).where(eq(documents.id, id));
  try {
    await store.delete([document.storageKey]);
    return null;
  } catch (error) {
    return { bytesLeft: error };
  }
}
