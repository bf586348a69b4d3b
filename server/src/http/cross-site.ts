import type { FastifyInstance, FastifyRequest } from 'fastify';
import { localizedError } from '../core/errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The app's own origins: the scheme and host this request arrived with (the scheme as the trusted
 * proxy reports it), and `PUBLIC_ORIGIN` when set, for a proxy that rewrites the host. Scheme
 * counts: http://host is not https://host.
 */
export function ownOrigins(request: FastifyRequest, publicOrigin: string | undefined): string[] {
  const own = publicOrigin ? [new URL(publicOrigin).origin] : [];
  try {
    own.push(new URL(`${request.protocol}://${request.host}`).origin);
  } catch {
    // A Host header that is not a host: only PUBLIC_ORIGIN can match.
  }
  return own;
}

export function isOwnOrigin(origin: string, request: FastifyRequest, publicOrigin: string | undefined): boolean {
  let parsed: string;
  try {
    parsed = new URL(origin).origin;
  } catch {
    return false;
  }
  return ownOrigins(request, publicOrigin).includes(parsed);
}

/** Whether a browser says this request came from another site. Clients that say nothing pass. */
export function isCrossSite(request: FastifyRequest, publicOrigin: string | undefined): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  return !isOwnOrigin(origin, request, publicOrigin);
}

/**
 * SameSite=Lax keeps the cookie off cross-site POSTs from forms in most browsers, but not off
 * every request (a same-site subdomain, older browsers, top-level navigations). Every
 * state-changing request must therefore come from our own pages or from a non-browser client.
 */
export function registerCrossSiteGuard(app: FastifyInstance, publicOrigin: string | undefined): void {
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    if (isCrossSite(request, publicOrigin)) throw localizedError('forbidden', 'errors.requestsFromOtherSites');
  });
}

/** A navigation the user made on our pages or typed/bookmarked themselves (not one another site started). */
export function isOwnNavigation(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || site === 'none';
}
