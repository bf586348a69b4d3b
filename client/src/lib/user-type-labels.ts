import type { UserType } from '@common/schemas/auth';

/** How each account type is named on screen (menus, the drawer, the profile, demo accounts). */
export const USER_TYPE_LABEL: Record<UserType, string> = {
  patient: 'Patient',
  doctor: 'Doctor',
  admin: 'Administrator',
};
