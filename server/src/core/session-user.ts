import type { UserType } from '@common/schemas/auth';

/**
 * Who is making a request or holding a socket: only what access rules and services need. It is
 * never the users row, so a password hash cannot travel with a request or be logged by accident.
 */
export type SessionUser = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  userType: UserType;
  isActive: boolean;
  /** The person confirmed their address; routes declared `verifiedEmail` refuse them until then. */
  emailVerified: boolean;
  /** Two-factor sign-in is on (an administrator without it may be held at its setup). */
  mfaEnabled: boolean;
  /** The account's language code as stored (read through `languageOf`: an unknown one is English). */
  language?: string | null;
};
