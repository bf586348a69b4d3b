import { z } from 'zod';
import { DOCUMENT_CONTENT_TYPES } from '../constants/care';

export const documentSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  contentType: z.enum(DOCUMENT_CONTENT_TYPES),
  size: z.number().int(),
  /** The family member whose record it is filed in (issue 42); null for the patient's own. */
  familyMemberId: z.uuid().nullable(),
  createdAt: z.string(),
});
export type DocumentInfo = z.infer<typeof documentSchema>;

/** A document in a list: whose it is, who put it there, and (for its patient) whom it is shared with. */
export const documentListItemSchema = documentSchema.extend({
  patientId: z.uuid(),
  uploadedBy: z.uuid(),
  /** Doctor ids it is shared with; only its patient sees this, others get an empty list. */
  sharedWith: z.array(z.uuid()),
});
export const documentListSchema = z.object({
  documents: z.array(documentListItemSchema),
  /** Bytes the viewer's own documents take and may take (a patient's quota). */
  usedBytes: z.number().int(),
  quotaBytes: z.number().int(),
});
export type DocumentList = z.infer<typeof documentListSchema>;

export const documentIdParamsSchema = z.object({ id: z.uuid({ error: 'Document id must be a UUID' }) });
export const documentShareParamsSchema = documentIdParamsSchema.extend({
  doctorId: z.uuid({ error: 'doctorId must be a UUID' }),
});
export const documentShareBodySchema = z.object({ doctorId: z.uuid({ error: 'doctorId must be a UUID' }) });
export const documentSharesSchema = z.object({ sharedWith: z.array(z.uuid()) });

/**
 * One line of "who opened this document": a download by someone other than its patient, from the
 * record-access log. Downloads by one person within ten minutes of the first are one line.
 */
export const documentOpenSchema = z.object({
  id: z.number().int(),
  /** The first download of this line. */
  at: z.string(),
  /** The last download of this line (the first when there was one). */
  lastAt: z.string(),
  count: z.number().int().min(1),
  role: z.string().nullable(),
  /** The doctor's name ("Dr. Amara Okafor"); others are shown by role only. */
  name: z.string().nullable(),
});
export type DocumentOpen = z.infer<typeof documentOpenSchema>;
/** Newest first, at most DOCUMENT_OPENS_LIMIT lines. */
export const documentOpenListSchema = z.array(documentOpenSchema);
