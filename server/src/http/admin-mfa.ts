import type { FastifyInstance } from 'fastify';
import { localizedError } from '../core/errors';

/** What an administrator without two-factor sign-in may still do: set it up, see who they are, leave. */
export const MFA_SETUP_ROUTES = new Set([
  '/api/auth/user',
  '/api/auth/mfa',
  '/api/auth/mfa/totp/setup',
  '/api/auth/mfa/totp/enable',
  '/api/logout',
]);

/**
 * With ADMIN_MFA_REQUIRED, an administrator's session without two-factor sign-in reaches only
 * the setup: every other route that needs a signed-in user answers 403 `mfa_setup_required`.
 */
export function registerAdminMfaGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const route = request.routeOptions.url;
    const user = request.user;
    if (!route || !user || user.userType !== 'admin' || user.mfaEnabled) return;
    if (request.routeOptions.config.access === 'public' || MFA_SETUP_ROUTES.has(route)) return;
    throw localizedError('mfa_setup_required', 'errors.mfaSetupRequired');
  });
}
