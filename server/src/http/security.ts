import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export type CspExtras = { scriptSrc?: string[]; connectSrc?: string[]; frameSrc?: string[] };

/**
 * Everything is served from our own origin. Inline styles are allowed because Radix positions
 * popovers with style attributes; scripts stay 'self' only.
 */
export async function registerSecurityHeaders(app: FastifyInstance, dev: boolean, extras: CspExtras = {}) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", ...(extras.scriptSrc ?? []), ...(dev ? ["'unsafe-inline'"] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(extras.connectSrc ?? []), ...(dev ? ['ws:'] : [])],
        mediaSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'", ...(extras.frameSrc ?? [])],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    // Camera and microphone are ours to ask for (consultation room); nothing else.
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('permissions-policy', 'camera=(self), microphone=(self), geolocation=(), payment=(self)');
  });
}
