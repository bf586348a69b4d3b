import type { FastifyInstance, FastifyRequest } from 'fastify';
import { calendarFeedSchema, calendarFileParamsSchema } from '@common/schemas/calendar-feed';
import type { AppContext } from '../../deps';
import { notFound } from '../../core/errors';
import { route } from '../../http/route';
import { feedIcs } from './ics';
import { feedEvents, feedOwnerAccount, feedPath, feedToken, rotateFeed } from './service';

export async function calendarFeedRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, clock, config } = ctx;
  const r = route(app, 'Calendar feed');
  const originOf = (request: FastifyRequest) => config.publicOrigin ?? `${request.protocol}://${request.host}`;

  r.get(
    '/api/calendar/feed',
    {
      access: 'user',
      summary: 'My private calendar feed URL, made on first ask, the same until rotated',
      description: 'Anyone with the URL can read the feed (times, kinds of visit, names; never health details).',
      schema: { response: { 200: calendarFeedSchema } },
    },
    async ({ request, reply, user }) => {
      reply.header('cache-control', 'no-store');
      return { url: `${originOf(request)}${feedPath(await feedToken(db, user.id))}` };
    },
  );

  r.post(
    '/api/calendar/feed/rotate',
    {
      access: 'user',
      summary: 'Replace my calendar feed URL; the old one answers 404 from now on',
      schema: { response: { 200: calendarFeedSchema } },
    },
    async ({ request, reply, user }) => {
      reply.header('cache-control', 'no-store');
      return { url: `${originOf(request)}${feedPath(await rotateFeed(db, user.id, clock.now()))}` };
    },
  );

  r.get(
    '/api/calendar/:file',
    {
      access: 'public',
      summary: 'The iCalendar feed a calendar app subscribes to, named by its secret token',
      description:
        "The owner's paid visits from 90 days back onwards, as either side; cancelled ones carry STATUS:CANCELLED.",
      errors: { 404: 'No feed has this token (forged, cut short or rotated away).' },
      replies: { 200: { description: 'The iCalendar feed.', contentType: 'text/calendar' } },
      rateLimit: { max: 120, timeWindow: '1 minute' },
      schema: { params: calendarFileParamsSchema },
    },
    async ({ request, reply }) => {
      const owner = await feedOwnerAccount(db, request.params.file);
      if (!owner) throw notFound('Calendar feed');
      const now = clock.now();
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .send(feedIcs(await feedEvents(db, owner.userId, now), originOf(request), now, owner.language));
    },
  );
}
