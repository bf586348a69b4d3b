import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DOCUMENT_MAX_BYTES, DOCUMENT_TITLE_MAX_LENGTH } from '@common/constants/care';
import {
  documentIdParamsSchema,
  documentListSchema,
  documentSchema,
  documentShareBodySchema,
  documentShareParamsSchema,
  documentSharesSchema,
  documentOpenListSchema,
} from '@common/schemas/documents';
import { hasForbiddenCharacters } from '@common/schemas/text';
import type { AppContext } from '../../deps';
import { localizedError, notFound } from '../../core/errors';
import { route } from '../../http/route';
import { readDocument, readDocumentOpens } from '../../policies/document';
import { viewerOf } from '../../policies/viewer';
import { familyMemberNotFound } from '../../policies/family-member';
import { typeOfUpload } from './content';
import { deleteDocument, listDocuments, shareDocument, unshareDocument, uploadDocument, type Upload } from './service';

const EXTENSION = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' } as const;
const uuid = z.uuid();

/**
 * The multipart form: one file (`file`), an optional `title`, and (a doctor) `patientId` or (a
 * patient) `familyMemberId`, the member whose record it is filed in.
 */
async function readUpload(request: FastifyRequest): Promise<Upload> {
  let file: { bytes: Buffer; filename: string; mimetype: string } | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (file) throw localizedError('bad_request', 'care.errors.noFile');
        file = { bytes: await part.toBuffer(), filename: part.filename, mimetype: part.mimetype };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw localizedError('payload_too_large', 'care.errors.tooLarge');
    if (code === 'FST_FILES_LIMIT') throw localizedError('bad_request', 'care.errors.noFile');
    if (code?.startsWith('FST_')) throw localizedError('bad_request', 'errors.invalidRequest');
    throw error;
  }
  if (!file || file.bytes.length === 0) throw localizedError('bad_request', 'care.errors.noFile');
  const title = (fields.title ?? '').trim() || file.filename.trim() || 'Document';
  if (title.length > DOCUMENT_TITLE_MAX_LENGTH || hasForbiddenCharacters(title)) {
    throw localizedError('bad_request', 'care.errors.title');
  }
  if (fields.patientId !== undefined && !uuid.safeParse(fields.patientId).success) throw notFound('User');
  const familyMemberId = fields.familyMemberId || undefined;
  if (familyMemberId !== undefined && !uuid.safeParse(familyMemberId).success) throw familyMemberNotFound();
  const type = typeOfUpload(file.bytes, file.filename, file.mimetype);
  return { bytes: file.bytes, type, title, patientId: fields.patientId, familyMemberId };
}

/*
 * Documents (issue 41). Downloads are attachments under a CSP that sandboxes them, never cached,
 * never sniffed: a PDF or an image from a patient is never run as a page of Medora's origin.
 */
export async function documentRoutes(app: FastifyInstance, { db, clock, documentStore: store }: AppContext) {
  await app.register(multipart, {
    limits: { fileSize: DOCUMENT_MAX_BYTES, files: 2, fields: 4, fieldSize: 1_000, parts: 6 },
    throwFileSizeLimit: true,
  });
  const r = route(app, 'Documents');
  const params = documentIdParamsSchema;

  r.post(
    '/api/documents',
    {
      access: ['patient', 'doctor'],
      summary:
        'Upload one document (multipart: `file`, optional `title`; a doctor names `patientId`, a patient may name `familyMemberId`)',
      description:
        'PDF, JPEG, PNG or HEIC, at most 10 MB; the type is read from the bytes. Images are stored re-encoded without their metadata. A patient has 200 MB in all.',
      errors: {
        409: "The patient's 200 MB would be exceeded.",
        413: 'The file is larger than 10 MB.',
        415: 'The bytes are not a PDF, JPEG, PNG or HEIC, or not what the name or type says; or a HEIC this server cannot read.',
      },
      schema: { response: { 201: documentSchema } },
    },
    async ({ request, reply, user }) => {
      if (!request.isMultipart()) throw localizedError('bad_request', 'care.errors.noFile');
      const upload = await readUpload(request);
      const document = await uploadDocument(db, store, viewerOf(request, user), upload, clock.now());
      return reply.status(201).send(document);
    },
  );

  r.get(
    '/api/documents',
    {
      access: ['patient', 'doctor'],
      summary: 'List my documents (a patient) or those shared with me by patients I am treating (a doctor)',
      schema: { response: { 200: documentListSchema } },
    },
    async ({ request, user }) => listDocuments(db, viewerOf(request, user), clock.now()),
  );

  r.get(
    '/api/documents/:id',
    {
      access: ['patient', 'doctor'],
      summary: 'Download a document, as an attachment',
      description: "A doctor's download is in the patient's record-access log.",
      replies: { 200: { description: 'The file, as an attachment.', contentType: 'application/octet-stream' } },
      schema: { params, response: { 200: z.any() } },
    },
    async ({ request, reply, user }) => {
      const document = await readDocument(db, viewerOf(request, user), request.params.id, clock.now());
      const bytes = await store.get(document.storageKey);
      if (!bytes) throw notFound('Document');
      const name = `${encodeURIComponent(document.title.replace(/\.[a-z0-9]+$/i, ''))}.${EXTENSION[document.contentType]}`;
      return reply
        .header('content-type', document.contentType)
        .header(
          'content-disposition',
          `attachment; filename="document.${EXTENSION[document.contentType]}"; filename*=UTF-8''${name}`,
        )
        .header('content-security-policy', "sandbox; default-src 'none'")
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(bytes);
    },
  );

  r.get(
    '/api/documents/:id/opens',
    {
      access: ['patient', 'doctor'],
      summary: 'Who opened my document: its downloads by others, newest first',
      description:
        'From the patient’s record-access log; downloads by one person within ten minutes are one line. Its patient only: anyone else 404.',
      schema: { params, response: { 200: documentOpenListSchema } },
    },
    async ({ request, user }) => readDocumentOpens(db, viewerOf(request, user), request.params.id),
  );

  r.post(
    '/api/documents/:id/shares',
    {
      access: 'patient',
      summary: 'Share my document with a doctor who is treating me',
      errors: { 409: 'The doctor is not treating the patient (no visit in the last 12 months and none ahead).' },
      schema: { params, body: documentShareBodySchema, response: { 200: documentSharesSchema } },
    },
    async ({ request, user }) =>
      shareDocument(db, viewerOf(request, user), request.params.id, request.body.doctorId, clock.now()),
  );

  r.delete(
    '/api/documents/:id/shares/:doctorId',
    {
      access: 'patient',
      summary: 'Stop sharing my document with a doctor',
      schema: { params: documentShareParamsSchema, response: { 200: documentSharesSchema } },
    },
    async ({ request, user }) =>
      unshareDocument(db, viewerOf(request, user), request.params.id, request.params.doctorId),
  );

  r.delete(
    '/api/documents/:id',
    {
      access: 'patient',
      summary: 'Delete my document and its file',
      replies: { 204: { description: 'Deleted.' } },
      schema: { params },
    },
    async ({ request, reply, user }) => {
      const left = await deleteDocument(db, store, viewerOf(request, user), request.params.id);
      if (left) request.log.warn({ err: left.bytesLeft }, 'document deleted; its bytes are left to the orphan sweep');
      return reply.status(204).send();
    },
  );
}
