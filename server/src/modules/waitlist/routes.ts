import type { FastifyInstance } from 'fastify';
import {
  waitlistBodySchema,
  waitlistEntryListSchema,
  waitlistEntrySchema,
  waitlistIdParamsSchema,
} from '@common/schemas/waitlist';
import { WAITLIST_LIMIT, WAITLIST_OFFER_MINUTES } from '@common/constants/waitlist';
import type { AppContext } from '../../deps';
import { route } from '../../http/route';
import { servicesOf } from '../events/bus';
import { joinWaitlist, leaveWaitlist, listWaitlist } from './service';

/** "Tell me if an earlier time opens" (issue 42 item 2, docs/waitlist.md). */
export async function waitlistRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, clock } = ctx;
  const r = route(app, 'Waitlist');

  r.get(
    '/api/waitlist',
    {
      access: 'patient',
      summary: 'List my waitlist entries, newest first',
      description: 'Never how many others wait nor my place in line; an offer names the held slot and its end.',
      schema: { response: { 200: waitlistEntryListSchema } },
    },
    async ({ user }) => listWaitlist(db, user.id),
  );

  r.post(
    '/api/waitlist',
    {
      access: 'patient',
      verifiedEmail: true,
      summary: 'Ask to be told when a time with this doctor opens before a date',
      description:
        `First come, first served: a freed slot is held for the first in line for ${WAITLIST_OFFER_MINUTES} ` +
        "minutes as an unpaid booking, then offered to the next. `before` is a date in the doctor's zone.",
      errors: {
        404: 'The doctor does not exist, or the family member is not mine.',
        409: `${WAITLIST_LIMIT} entries are already waiting, or one for the same doctor, visit type and person.`,
      },
      schema: { body: waitlistBodySchema, response: { 201: waitlistEntrySchema } },
    },
    async ({ request, reply, user }) =>
      reply.status(201).send(await joinWaitlist(servicesOf(ctx, request.log), user, request.body, clock.now())),
  );

  r.delete(
    '/api/waitlist/:id',
    {
      access: 'patient',
      summary: 'Leave the line; an offer still held is released to the next in line',
      replies: { 204: { description: 'Left (or had already ended).' } },
      schema: { params: waitlistIdParamsSchema },
    },
    async ({ request, reply, user }) => {
      await leaveWaitlist(servicesOf(ctx, request.log), user.id, request.params.id, clock.now());
      return reply.status(204).send();
    },
  );
}
