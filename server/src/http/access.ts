import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserType } from '@common/schemas/auth';
import { forbidden, localizedError, unauthorized } from '../core/errors';
import type { SessionUser } from '../core/session-user';

/**
 * Who may call a route: anyone, any signed-in user, or the listed roles. Routes declare it
 * through http/route.ts; one hook below enforces it, and a test walks the route table so a route
 * without a declaration fails the build.
 */
export type Access = 'public' | 'user' | UserType | readonly UserType[];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Set by route(): the caller, when signed in, must have verified their e-mail address. */
    verifiedEmail?: boolean;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

export function allowedRoles(access: Access): readonly UserType[] | null {
  if (access === 'public' || access === 'user') return null;
  return typeof access === 'string' ? [access] : access;
}

/** The caller if the rule admits them; throws 401 for nobody and 403 for a role outside the rule. */
export function userFor(request: FastifyRequest, access: Access): SessionUser | null {
  if (access === 'public') return request.user;
  const user = request.user;
  if (!user) throw unauthorized();
  const roles = allowedRoles(access);
  if (roles && !roles.includes(user.userType)) throw forbidden();
  return user;
}

/** Runs before body validation, so a caller without access learns nothing about the payload's shape. */
export function registerAccessGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const route = request.routeOptions.url;
    if (!route) return; // not-found handler
    // Fail closed: an API route that forgot to declare access needs at least a signed-in user.
    const access = request.routeOptions.config.access ?? (route.startsWith('/api/') ? 'user' : 'public');
    const user = userFor(request, access);
    if (request.routeOptions.config.verifiedEmail && user && !user.emailVerified) {
      throw localizedError('email_unverified', 'errors.emailUnverified');
    }
  });
}
