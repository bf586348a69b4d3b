import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { localDateOf } from '@common/rules/display-time';
import { appointmentIdParamsSchema } from '@common/schemas/appointments';
import {
  sharedVisitSummaryListSchema,
  visitNotesBodySchema,
  visitNotesSchema,
  visitSummarySchema,
} from '@common/schemas/visit-notes';
import type { AppContext } from '../../deps';
import { route } from '../../http/route';
import { viewerOf } from '../../policies/viewer';
import { languageOf } from '@common/i18n/negotiate';
import { requestLanguage } from '../../http/request-language';
import { keyRing } from '../care-documents/signing';
import { renderVisitSummaryPdf } from './pdf';
import { listSharedSummaries, readVisitNotes, readVisitSummary, saveVisitNotes } from './service';

/*
 * Health data: every reply here is no-store (the security hook sets it for /api/ replies; the PDF
 * says it again), and no URL carries any of it.
 */
export async function visitNoteRoutes(app: FastifyInstance, { db, clock, config }: AppContext) {
  const r = route(app, 'Visit notes');
  const keys = keyRing(db, config.documentSigningKeys);
  const originOf = (request: FastifyRequest) => config.publicOrigin ?? `${request.protocol}://${request.host}`;
  const params = appointmentIdParamsSchema;

  r.get(
    '/api/appointments/:id/visit-notes',
    {
      access: 'doctor',
      summary: 'Read my private notes and the after-visit summary of one of my appointments, as its doctor',
      schema: { params, response: { 200: visitNotesSchema } },
    },
    async ({ request, user }) => readVisitNotes(db, viewerOf(request, user), request.params.id, clock.now()),
  );

  r.put(
    '/api/appointments/:id/visit-notes',
    {
      access: 'doctor',
      summary: 'Save my private notes and the after-visit summary; share: true shows the summary to the patient',
      errors: { 409: 'Before the day of the consultation, or the appointment is not live or completed.' },
      schema: { params, body: visitNotesBodySchema, response: { 200: visitNotesSchema } },
    },
    async ({ request, user }) =>
      saveVisitNotes(db, keys, viewerOf(request, user), request.params.id, request.body, clock.now()),
  );

  r.get(
    '/api/visit-summaries',
    {
      access: 'user',
      summary: 'List my appointments, as a patient, whose doctor has shared an after-visit summary',
      schema: { response: { 200: sharedVisitSummaryListSchema } },
    },
    async ({ request, user }) => listSharedSummaries(db, viewerOf(request, user)),
  );

  r.get(
    '/api/appointments/:id/visit-summary',
    {
      access: 'user',
      summary: "Read an appointment's after-visit summary: its patient once shared, its doctor and administrators",
      schema: { params, response: { 200: visitSummarySchema } },
    },
    async ({ request, user }) =>
      (await readVisitSummary(db, keys, viewerOf(request, user), request.params.id, clock.now())).summary,
  );

  r.get(
    '/api/appointments/:id/visit-summary.pdf',
    {
      access: 'user',
      summary: "Download an appointment's after-visit summary as a PDF, dated in the patient's time zone",
      description:
        'Once shared, it carries a verification code (checked at `GET /api/verify/:code`), the key id, the signature and its signed content.',
      replies: { 200: { description: 'The PDF, as an attachment.', contentType: 'application/pdf' } },
      schema: { params, response: { 200: z.any() } },
    },
    async ({ request, reply, user }) => {
      const { summary, patientZone, doctorZone, patientLanguage, header, verification } = await readVisitSummary(
        db,
        keys,
        viewerOf(request, user),
        request.params.id,
        clock.now(),
      );
      // The document the patient keeps, in the patient's language (else the reader's).
      const language = languageOf(patientLanguage) ?? requestLanguage(request);
      const pdf = await renderVisitSummaryPdf(
        summary,
        patientZone,
        doctorZone,
        language,
        header,
        verification && { ...verification, origin: originOf(request) },
      );
      const day = localDateOf(summary.startsAt, patientZone);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="medora-visit-summary-${day}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
}
