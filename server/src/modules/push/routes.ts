import type { FastifyInstance } from 'fastify';
import {
  pushSubscriptionBodySchema,
  pushSubscriptionIdParamsSchema,
  pushSubscriptionListSchema,
  pushSubscriptionSchema,
  vapidPublicKeySchema,
} from '@common/schemas/push';
import { localizedError } from '../../core/errors';
import type { AppContext } from '../../deps';
import { route } from '../../http/route';
import { vapidKeys } from './keys';
import { listSubscriptions, subscribe, unsubscribe } from './subscriptions';

/** Web Push (issue 42, docs/notifications.md): the server's public key and the person's own devices. */
export async function pushRoutes(app: FastifyInstance, { db, config, clock }: AppContext) {
  const r = route(app, 'Push notifications');
  const people = ['patient', 'doctor'] as const;

  r.get(
    '/api/push/vapid-public-key',
    {
      access: people,
      summary: "The server's VAPID public key, the applicationServerKey a browser subscribes with",
      errors: { 404: 'Push notifications are not set up on this server.' },
      schema: { response: { 200: vapidPublicKeySchema } },
    },
    async () => {
      const keys = await vapidKeys(db, config.push);
      if (!keys) throw localizedError('not_found', 'push.errors.off');
      return { publicKey: keys.publicKey };
    },
  );

  r.post(
    '/api/push/subscriptions',
    {
      access: people,
      summary: "Get notifications on this device: the browser's PushSubscription",
      description:
        'The endpoint must be an https URL of a push service (named by its host); the keys a P-256 point (65 bytes) and a 16-byte secret, base64url. The same endpoint again replaces the earlier one (201 when new, 200 when replaced).',
      errors: {
        404: 'Push notifications are not set up on this server.',
        409: 'The person already has the most devices allowed (10).',
      },
      schema: {
        body: pushSubscriptionBodySchema,
        response: { 200: pushSubscriptionSchema, 201: pushSubscriptionSchema },
      },
    },
    async ({ request, reply, user }) => {
      const { subscription, created } = await subscribe(db, config.push, user.id, request.body, clock.now());
      return reply.status(created ? 201 : 200).send(subscription);
    },
  );

  r.get(
    '/api/push/subscriptions',
    {
      access: people,
      summary: 'The devices I get notifications on, newest first',
      schema: { response: { 200: pushSubscriptionListSchema } },
    },
    async ({ user }) => listSubscriptions(db, user.id),
  );

  r.delete(
    '/api/push/subscriptions/:id',
    {
      access: people,
      summary: 'Stop notifications on one of my devices',
      replies: { 204: { description: 'Removed.' } },
      schema: { params: pushSubscriptionIdParamsSchema },
    },
    async ({ request, reply, user }) => {
      await unsubscribe(db, user.id, request.params.id);
      return reply.status(204).send();
    },
  );
}
