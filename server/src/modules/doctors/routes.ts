import type { FastifyInstance } from 'fastify';
import { SPECIALTY_CATALOG } from '@common/constants/specialties';
import {
  doctorIdParamsSchema,
  doctorReviewsQuerySchema,
  doctorSearchQuerySchema,
  featuredQuerySchema,
} from '@common/schemas/doctor-queries';
import {
  doctorFiltersSchema,
  doctorReviewListSchema,
  NEXT_CURSOR_HEADER,
  publicDoctorListSchema,
  publicDoctorSchema,
  specialtyListSchema,
} from '@common/schemas/doctors';
import type { AppContext } from '../../deps';
import { sendJson } from '../../http/json-reply';
import { route } from '../../http/route';
import { reviewPage } from './reviews';
import { getPublicDoctor } from './service';

/** Public directory: anyone, signed in or not, may find doctors. */
export async function doctorRoutes(app: FastifyInstance, { db, clock, directory }: AppContext) {
  const r = route(app, 'Doctor directory');

  r.get(
    '/api/doctors/featured',
    {
      access: 'public',
      summary: 'List the best-rated doctors, for the home page',
      schema: { querystring: featuredQuerySchema, response: { 200: publicDoctorListSchema } },
    },
    async ({ request, reply }) => sendJson(reply, (await directory.featured(request.query.limit, clock.now())).body),
  );

  // The body stays a plain doctor list (docs/api.md); the next page's cursor travels in a header.
  r.get(
    '/api/doctors/search',
    {
      access: 'public',
      summary: 'Search doctors by specialty, place, fee, free text and availability, a page at a time',
      description: "The next page's cursor is the `X-Next-Cursor` response header, absent on the last page.",
      schema: { querystring: doctorSearchQuerySchema, response: { 200: publicDoctorListSchema } },
    },
    async ({ request, reply }) => {
      const { body, nextCursor } = await directory.search(request.query, clock.now());
      if (nextCursor) reply.header(NEXT_CURSOR_HEADER, nextCursor);
      return sendJson(reply, body);
    },
  );

  r.get(
    '/api/doctors/:id',
    {
      access: 'public',
      summary: 'Read one listed doctor',
      schema: { params: doctorIdParamsSchema, response: { 200: publicDoctorSchema } },
    },
    async ({ request }) => getPublicDoctor(db, request.params.id),
  );

  r.get(
    '/api/doctors/filters',
    {
      access: 'public',
      summary: 'List every specialty and country listed doctors have, with how many doctors each',
      schema: { response: { 200: doctorFiltersSchema } },
    },
    async () => {
      const vocabulary = await directory.vocabulary();
      return {
        specialties: vocabulary.specialtyCounts,
        countries: vocabulary.countryCounts,
        languages: vocabulary.languageCounts,
      };
    },
  );

  r.get(
    '/api/doctors/:id/reviews',
    {
      access: 'public',
      summary: "List a listed doctor's reviews, newest first, a page at a time",
      description: "The next page's cursor is the `X-Next-Cursor` response header, absent on the last page.",
      schema: {
        params: doctorIdParamsSchema,
        querystring: doctorReviewsQuerySchema,
        response: { 200: doctorReviewListSchema },
      },
    },
    async ({ request, reply }) => {
      const page = await reviewPage(db, request.params.id, request.query);
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return page.reviews;
    },
  );

  r.get(
    '/api/specialties',
    {
      access: 'public',
      summary: 'List the specialties offered, with typical fee and waiting time',
      schema: { response: { 200: specialtyListSchema } },
    },
    async () => [...SPECIALTY_CATALOG],
  );
}
