import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { forbidden } from '../core/errors';
import { requireUser } from '../http/access';
import { handleConnection } from './connection';
import type { Realtime } from './realtime';

/**
 * Browsers send Origin on every WebSocket upgrade and cookies go along cross-site, so the origin
 * must be ours (same host, or PUBLIC_ORIGIN behind a proxy). Non-browser clients send none.
 */
export function originAllowed(request: FastifyRequest, publicOrigin: string | undefined): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false;
  }
  if (host === request.host) return true;
  return Boolean(publicOrigin && new URL(publicOrigin).origin === new URL(origin).origin);
}

export async function socketRoutes(
  app: FastifyInstance,
  { config, database, realtime }: { config: Config; database: Database; realtime: Realtime },
) {
  app.get(
    '/ws',
    {
      websocket: true,
      // Refused at the upgrade (401) without a session; the access hook runs before the upgrade.
      config: { access: 'user' },
      preHandler: async (request) => {
        if (!originAllowed(request, config.publicOrigin)) throw forbidden('Origin not allowed.');
      },
    },
    (socket, request) => {
      const client = realtime.hub.addClient(socket, requireUser(request));
      handleConnection({ hub: realtime.hub, db: database.db, chat: realtime.chat, log: request.log }, client);
    },
  );
}
