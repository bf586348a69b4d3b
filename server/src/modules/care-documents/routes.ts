import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { appointmentIdParamsSchema } from '@common/schemas/appointments';
import {
  careDocumentIdParamsSchema,
  careDocumentListSchema,
  careDocumentSchema,
  certificateBodySchema,
  prescriptionBodySchema,
  revokeCareDocumentBodySchema,
  verificationCodeParamsSchema,
  verificationKeysSchema,
  verificationSchema,
} from '@common/schemas/care-documents';
import type { AppContext } from '../../deps';
import { route } from '../../http/route';
import { readCareDocument } from '../../policies/care-document';
import { viewerOf } from '../../policies/viewer';
import { servicesOf } from '../events/bus';
import { renderCareDocumentPdf } from './pdf';
import {
  issueCareDocument,
  listCareDocuments,
  publishedKeys,
  revokeCareDocument,
  verifyCode,
  type SignedContent,
} from './service';
import { keyRing } from './signing';

/** Lookups of codes per address: enough for a pharmacy's day, too few to walk the code space. */
export const VERIFY_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

/*
 * Prescriptions, sick notes and referral letters (issue 41 item 3, decision 082). Health data: the
 * security hook makes every /api/ reply no-store; the PDF says it again. The verify endpoints are
 * public and say nothing clinical.
 */
export async function careDocumentRoutes(app: FastifyInstance, context: AppContext) {
  const { db, clock, config } = context;
  const keys = keyRing(db, config.documentSigningKeys);
  const originOf = (request: FastifyRequest) => config.publicOrigin ?? `${request.protocol}://${request.host}`;
  const r = route(app, 'Prescriptions and certificates');
  const issueErrors = {
    409: 'The visit has not started yet (or was cancelled or missed).',
  };

  r.post(
    '/api/doctor/appointments/:id/prescriptions',
    {
      access: 'doctor',
      summary: 'Issue a prescription on a visit of mine that has started',
      description:
        'A signed PDF in the patient’s language with a verification code; 404 for anyone but the visit’s doctor.',
      errors: issueErrors,
      schema: {
        params: appointmentIdParamsSchema,
        body: prescriptionBodySchema,
        response: { 201: careDocumentSchema },
      },
    },
    async ({ request, reply, user }) => {
      const body = { kind: 'prescription' as const, ...request.body };
      const document = await issueCareDocument(
        servicesOf(context, request.log),
        keys,
        viewerOf(request, user),
        request.params.id,
        body,
        clock.now(),
      );
      return reply.status(201).send(document);
    },
  );

  r.post(
    '/api/doctor/appointments/:id/certificates',
    {
      access: 'doctor',
      summary:
        'Issue a sick note (`kind: "sick_note"`) or a referral letter (`kind: "referral"`) on a visit of mine that has started',
      description:
        'A sick note runs at most 90 days and starts no more than 14 days before or after today; otherwise a 400.',
      errors: issueErrors,
      schema: { params: appointmentIdParamsSchema, body: certificateBodySchema, response: { 201: careDocumentSchema } },
    },
    async ({ request, reply, user }) => {
      const document = await issueCareDocument(
        servicesOf(context, request.log),
        keys,
        viewerOf(request, user),
        request.params.id,
        request.body,
        clock.now(),
      );
      return reply.status(201).send(document);
    },
  );

  r.get(
    '/api/appointments/:id/care-documents',
    {
      access: 'user',
      summary: "A visit's prescriptions and certificates: for its patient, its doctor and administrators",
      schema: { params: appointmentIdParamsSchema, response: { 200: careDocumentListSchema } },
    },
    async ({ request, user }) => listCareDocuments(db, viewerOf(request, user), request.params.id, clock.now()),
  );

  r.get(
    '/api/care-documents/:id/pdf',
    {
      access: 'user',
      summary: 'Download a prescription or certificate as its signed PDF',
      replies: { 200: { description: 'The PDF, as an attachment.', contentType: 'application/pdf' } },
      schema: { params: careDocumentIdParamsSchema, response: { 200: z.any() } },
    },
    async ({ request, reply, user }) => {
      const row = await readCareDocument(db, viewerOf(request, user), request.params.id, clock.now());
      const pdf = await renderCareDocumentPdf(row.content as SignedContent, {
        origin: originOf(request),
        keyId: row.keyId,
        signature: row.signature,
      });
      const day = row.issuedAt.toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="medora-${row.kind.replace('_', '-')}-${day}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  r.post(
    '/api/care-documents/:id/revoke',
    {
      access: 'doctor',
      summary: 'Revoke a prescription or certificate I issued, with a reason; the patient is told',
      errors: { 409: 'Already revoked.' },
      schema: {
        params: careDocumentIdParamsSchema,
        body: revokeCareDocumentBodySchema,
        response: { 200: careDocumentSchema },
      },
    },
    async ({ request, user }) =>
      revokeCareDocument(
        servicesOf(context, request.log),
        viewerOf(request, user),
        request.params.id,
        request.body.reason,
        clock.now(),
      ),
  );

  r.get(
    '/api/verify/keys',
    {
      access: 'public',
      summary: 'The public keys (Ed25519, raw, base64url) that sign prescriptions and certificates, by key id',
      rateLimit: { max: 120, timeWindow: '1 minute' },
      schema: { response: { 200: verificationKeysSchema } },
    },
    async () => publishedKeys(keys),
  );

  r.get(
    '/api/verify/:code',
    {
      access: 'public',
      summary: 'Whether a prescription or certificate is valid or revoked, its kind, date and issuer',
      description: 'Never the medication, the diagnosis or the patient. Dashes and case in the code are ignored.',
      errors: { 404: 'No document has this code, or its signature does not check out.' },
      rateLimit: VERIFY_RATE_LIMIT,
      schema: { params: verificationCodeParamsSchema, response: { 200: verificationSchema } },
    },
    async ({ request, reply }) => {
      reply.header('referrer-policy', 'no-referrer');
      return verifyCode(db, keys, request.params.code);
    },
  );
}
