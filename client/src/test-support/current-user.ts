import type { CurrentUser } from '@common/schemas/auth';

/** A signed-in patient as `GET /api/auth/user` returns one; tests name what they depend on. */
export const aCurrentUser = (overrides: Partial<CurrentUser> = {}): CurrentUser => ({
  id: '00000000-0000-4000-8000-000000000001',
  email: 'lena@example.org',
  firstName: 'Lena',
  lastName: 'Vogel',
  profileImageUrl: null,
  userType: 'patient',
  isActive: true,
  isVerified: true,
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  mfaEnabled: false,
  mfaSetupRequired: false,
  language: null,
  timeZone: 'America/New_York',
  ...overrides,
});
