import type { ClientMessageKey } from '@common/i18n/keys';
import type { UserType } from '@common/schemas/auth';

/** How each account type is named on screen (menus, the drawer, the profile, demo accounts). */
export const USER_TYPE_LABEL: Record<UserType, string> = {
  patient: 'Patient',
  doctor: 'Doctor',
  admin: 'Administrator',
};

/** The same names as catalogue keys, for converted screens (docs/languages.md). */
export const USER_TYPE_KEY: Record<UserType, ClientMessageKey> = {
  patient: 'shell.userType.patient',
  doctor: 'shell.userType.doctor',
  admin: 'shell.userType.admin',
};
