import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../deps';
import { localizedError } from '../core/errors';
import { isOwnOrigin } from '../http/cross-site';
import { route } from '../http/route';
import { hashToken, sessionToken } from '../http/session';
import { handleConnection } from './connection';

/**
 * Browsers send Origin on every WebSocket upgrade and cookies go along cross-site, so the origin
 * must be ours, scheme included (the request's own, or PUBLIC_ORIGIN behind a proxy). Non-browser
 * clients send none.
 */
export function originAllowed(request: FastifyRequest, publicOrigin: string | undefined): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  return isOwnOrigin(origin, request, publicOrigin);
}

export async function socketRoutes(app: FastifyInstance, { config, db, realtime, clock, metrics }: AppContext) {
  route(app, 'Realtime').socket(
    '/ws',
    {
      summary: 'Open the realtime connection: consultation chat, call signalling and live events',
      description:
        'A WebSocket. The session cookie authenticates the upgrade; messages are JSON frames (docs/realtime.md).',
      // Refused at the upgrade (401) without a session: access is checked before the upgrade.
      access: 'user',
      preHandler: async (request) => {
        if (!originAllowed(request, config.publicOrigin)) throw localizedError('forbidden', 'errors.originAllowed');
      },
    },
    (socket, request, user) => {
      const client = realtime.hub.addClient(
        socket,
        user,
        hashToken(sessionToken(request) ?? ''),
        clock.now().getTime(),
      );
      handleConnection(
        {
          hub: realtime.hub,
          db,
          chat: realtime.chat,
          clock,
          sessionStillValid: realtime.sessionStillValid,
          log: request.log,
          countChatMessage: () => metrics.chatMessagesSent.inc(),
        },
        client,
      );
    },
  );
}
