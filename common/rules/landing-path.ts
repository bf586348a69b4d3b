import type { UserType } from '../constants/user-types';
import { safeReturnPath } from '../schemas/auth';

/** Where each role's work is: a doctor's day, the admin console, a patient's home. */
export const WORK_HOME: Record<UserType, string> = { patient: '/', doctor: '/dashboard', admin: '/admin' };

/**
 * Where someone lands after signing in: the page they were on their way to (`returnTo`, same-site
 * paths only), else their work's home. The landing page and the sign-in screen itself are no
 * destination, so "Doctor Login" on the home page takes a doctor to the dashboard.
 */
export function landingPath(userType: UserType, returnTo: unknown): string {
  const path = safeReturnPath(returnTo, '');
  const bare = path.split(/[?#]/)[0];
  if (!path || bare === '/' || bare === '/login') return WORK_HOME[userType];
  return path;
}
