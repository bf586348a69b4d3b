import type { FastifyInstance, FastifyReply } from 'fastify';
import { SPECIALTY_CATALOG } from '@common/constants/specialties';
import {
  doctorIdParamsSchema,
  doctorReviewListSchema,
  doctorSearchQuerySchema,
  featuredQuerySchema,
  NEXT_CURSOR_HEADER,
  publicDoctorListSchema,
  publicDoctorSchema,
  specialtyListSchema,
} from '@common/schemas/doctors';
import type { AppContext } from '../../deps';
import { route } from '../../http/route';
import { DirectoryCache, type DirectoryVersion } from './directory-cache';
import { DirectoryIndexHolder } from './directory-index-holder';
import { readSchedules } from './schedule-firsts';
import { publicCountries, publicPlaces } from './search-query';
import { type DirectoryVocabulary, featuredDoctors, getPublicDoctor, recentReviews, searchDoctors } from './service';

// Cached replies are checked against the reply schema once, when built, then sent as stored text.
const serializeList = (doctors: unknown) => JSON.stringify(publicDoctorListSchema.parse(doctors));
const sendJson = (reply: FastifyReply, body: string) =>
  reply
    .type('application/json; charset=utf-8')
    .serializer((payload) => payload as string)
    .send(body);

/** Public directory: anyone, signed in or not, may find doctors. */
export async function doctorRoutes(app: FastifyInstance, { db, clock }: AppContext) {
  const r = route(app, 'Doctor directory');
  const cache = new DirectoryCache(db);
  const index = new DirectoryIndexHolder(db, {
    onError: (error) => app.log.error({ err: error }, 'directory index build failed'),
  });
  // None of these depend on bookings, so they are kept per doctors version.
  const vocabularyAt = ({ doctors: version, all }: DirectoryVersion): DirectoryVocabulary => ({
    places: () => cache.derive('places', version, () => publicPlaces(db)),
    countries: () => cache.derive('countries', version, () => publicCountries(db)),
    schedules: () => cache.derive('schedules', version, () => readSchedules(db)),
    index: () => index.at(version),
    // Bookings change the next free slots, so these are kept per directory version, not doctors'.
    nextSlots: (built, now, firsts) => index.nextSlots(built, all, now, firsts),
  });

  r.get(
    '/api/doctors/featured',
    {
      access: 'public',
      summary: 'List the best-rated doctors, for the home page',
      schema: { querystring: featuredQuerySchema, response: { 200: publicDoctorListSchema } },
    },
    async ({ request, reply }) => {
      const entry = await cache.getOrBuild(`featured:${request.query.limit}`, async (version) => ({
        body: serializeList(await featuredDoctors(db, request.query.limit, vocabularyAt(version), clock.now())),
        nextCursor: null,
      }));
      return sendJson(reply, entry.body);
    },
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
      // Each card's next free slot moves with bookings (they bump the directory version too) and
      // with time: a reply is built for one clock minute, and every slot starts on a whole minute.
      const now = clock.now();
      const minute = Math.floor(now.getTime() / 60_000);
      const entry = await cache.getOrBuild(`search:${minute}:${JSON.stringify(request.query)}`, async (version) => {
        const { doctors, nextCursor } = await searchDoctors(db, request.query, vocabularyAt(version), now);
        return { body: serializeList(doctors), nextCursor };
      });
      if (entry.nextCursor) reply.header(NEXT_CURSOR_HEADER, entry.nextCursor);
      return sendJson(reply, entry.body);
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
    '/api/doctors/:id/reviews',
    {
      access: 'public',
      summary: "List a listed doctor's ten most recent reviews",
      schema: { params: doctorIdParamsSchema, response: { 200: doctorReviewListSchema } },
    },
    async ({ request }) => recentReviews(db, request.params.id),
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
