export const USER_TYPES = ['patient', 'doctor', 'admin'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** Admins are made by other admins, never by signing up. */
export const SIGNUP_USER_TYPES = ['patient', 'doctor'] as const satisfies readonly UserType[];
