import { z } from 'zod';
import { PUSH_ENDPOINT_MAX } from '../constants/push';
import { safeString } from './text';

/**
 * A browser's PushSubscription as `toJSON()` gives it. The shapes here keep out what no push
 * service sends (control characters, NUL, huge strings); the server checks the URL and the keys'
 * lengths itself and answers each problem in the reader's language.
 */
export const pushSubscriptionBodySchema = z.object({
  endpoint: safeString('Endpoint', PUSH_ENDPOINT_MAX),
  expirationTime: z.number().int().nonnegative().nullable().optional(),
  keys: z.object({
    p256dh: safeString('Key', 200),
    auth: safeString('Key', 100),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

export const pushSubscriptionIdParamsSchema = z.object({ id: z.uuid({ error: 'Subscription id must be a UUID' }) });

export const pushSubscriptionSchema = z.object({
  id: z.uuid(),
  endpoint: z.string(),
  /** The push service's host (fcm.googleapis.com, updates.push.services.mozilla.com…), to tell devices apart. */
  service: z.string(),
  createdAt: z.string(),
  lastSentAt: z.string().nullable(),
});
export type PushSubscription = z.infer<typeof pushSubscriptionSchema>;
export const pushSubscriptionListSchema = z.array(pushSubscriptionSchema);

export const vapidPublicKeySchema = z.object({ publicKey: z.string() });
export type VapidPublicKey = z.infer<typeof vapidPublicKeySchema>;
