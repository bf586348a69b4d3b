import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserType } from '@common/schemas/auth';
import { forbidden, unauthorized } from '../core/errors';
import type { SessionUser } from '../core/session-user';

/**
 * Every /api route declares who may call it in `config.access`; one hook enforces it, and a test
 * walks the route table so a new route without a declaration fails the build.
 */
export type Access = 'public' | 'user' | UserType | UserType[];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export function requireRole(request: FastifyRequest, ...roles: UserType[]): SessionUser {
  const user = requireUser(request);
  if (!roles.includes(user.userType)) throw forbidden();
  return user;
}

export function allowedRoles(access: Access): UserType[] | null {
  if (access === 'public' || access === 'user') return null;
  return Array.isArray(access) ? access : [access];
}

/** Runs before body validation, so a caller without access learns nothing about the payload's shape. */
export function registerAccessGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const route = request.routeOptions.url;
    if (!route) return; // not-found handler
    // Fail closed: an API route that forgot to declare access needs at least a signed-in user.
    const access = request.routeOptions.config.access ?? (route.startsWith('/api/') ? 'user' : 'public');
    if (access === 'public') return;
    const roles = allowedRoles(access);
    if (roles) requireRole(request, ...roles);
    else requireUser(request);
  });
}
