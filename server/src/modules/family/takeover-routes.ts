import type { FastifyInstance } from 'fastify';
import { authReplySchema } from '@common/schemas/auth';
import { familyMemberIdParamsSchema } from '@common/schemas/family';
import {
  takeoverAcceptBodySchema,
  takeoverInvitationBodySchema,
  takeoverInvitationSchema,
  takeoverPreviewBodySchema,
  takeoverPreviewSchema,
} from '@common/schemas/family-takeover';
import type { AppContext } from '../../deps';
import { route } from '../../http/route';
import { servicesOf } from '../events/bus';
import { auditActor } from '../audit/record';
import { signInDoor } from '../auth/sign-in';
import { signUpRefused } from '../auth/service';
import { viewerOf } from '../../policies/viewer';
import { acceptTakeover, inviteToTakeOver, previewTakeover } from './takeover';

/** A family member of 16 or more takes over their own record (decision 100, docs/families.md). */
export async function familyTakeoverRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, clock, config } = ctx;
  const r = route(app, 'Family members');
  // The link's token is a secret: it travels in bodies, never in an API URL a log could keep.
  const rateLimit = { max: config.authRateLimitPerMinute, timeWindow: '1 minute' };
  const signIn = signInDoor(ctx);

  r.post(
    '/api/family-members/:id/takeover-invitations',
    {
      access: 'patient',
      summary: 'Invite a family member of 16 or more to take over their own record, at their e-mail address',
      description:
        'The member gets a single-use link for 7 days; an earlier invitation for them stops working. Accepting moves their past visits and documents to their own account, and the holder no longer sees them.',
      errors: {
        409: 'The member is under 16, has a visit still to come, or another account uses the address.',
      },
      schema: {
        params: familyMemberIdParamsSchema,
        body: takeoverInvitationBodySchema,
        response: { 201: takeoverInvitationSchema },
      },
    },
    async ({ request, reply, user }) =>
      reply
        .status(201)
        .send(
          await inviteToTakeOver(
            db,
            viewerOf(request, user),
            auditActor(request, user),
            request.params.id,
            request.body,
            clock.now(),
          ),
        ),
  );

  r.post(
    '/api/family-takeovers/preview',
    {
      access: 'public',
      summary: 'Read what a takeover invitation hands over (whose record, from whom, how many visits)',
      description: 'Does not use the link. A forged, used or expired link is the same 400.',
      rateLimit,
      schema: { body: takeoverPreviewBodySchema, response: { 200: takeoverPreviewSchema } },
    },
    async ({ request }) => previewTakeover(db, request.body.token, clock.now()),
  );

  r.post(
    '/api/family-takeovers',
    {
      access: 'public',
      summary: "Accept a takeover invitation: create the member's account and sign in; sets the session cookie",
      description:
        'The account is a patient account at the invited address (confirmed by the link), with the health profile the holder kept. The holder is told by e-mail.',
      errors: { 409: 'The member has a visit still to come, or another account took the address meanwhile.' },
      rateLimit,
      schema: { body: takeoverAcceptBodySchema, response: { 201: authReplySchema } },
    },
    async ({ request, reply }) => {
      const account = await acceptTakeover(servicesOf(ctx, request.log), request.body, String(request.id), clock.now());
      const outcome = await signIn(request, reply, { kind: 'new_account', user: account });
      if (outcome.kind !== 'signed_in') throw signUpRefused();
      return reply.status(201).send({ user: outcome.user });
    },
  );
}
