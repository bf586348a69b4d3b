import type { ClientMessageKey } from '@common/i18n/keys';
import type { UserType } from '@common/schemas/auth';

/** `badge`: the link shows a live count beside its label (the unread messages). */
export type NavLink = { to: string; label: ClientMessageKey; badge?: 'unread-messages' };

// Patients and doctors write to each other between visits (issue 41); administrators have no conversations.
const MESSAGES: NavLink = { to: '/messages', label: 'shell.nav.messages', badge: 'unread-messages' };
const withMessages = (links: NavLink[]) => {
  const at = links.findIndex((link) => link.to === '/appointments') + 1;
  return [...links.slice(0, at), MESSAGES, ...links.slice(at)];
};

// The navbar's links per role, in the order and words the product uses everywhere (labels are catalogue keys).
const SIGNED_IN: NavLink[] = [
  { to: '/', label: 'shell.nav.home' },
  { to: '/doctors', label: 'shell.nav.findDoctors' },
  { to: '/appointments', label: 'shell.nav.myAppointments' },
  { to: '/outbreak', label: 'shell.nav.outbreak' },
  { to: '/referrals', label: 'shell.nav.referrals' },
];
const DOCTOR_EXTRA: NavLink[] = [
  { to: '/dashboard', label: 'shell.nav.dashboard' },
  // Not "Appointments": beside "My Appointments" (the visits they booked as a patient) it was one word apart (decision 048).
  { to: '/doctor/appointments', label: 'shell.nav.patientVisits' },
  { to: '/profile-builder', label: 'shell.nav.profileBuilder' },
];
const ADMIN_EXTRA: NavLink[] = [
  { to: '/admin', label: 'shell.nav.admin' },
  { to: '/outreach-analytics', label: 'shell.nav.outreachAnalytics' },
];
const SIGNED_OUT: NavLink[] = [
  { to: '/doctors', label: 'shell.nav.findDoctors' },
  { to: '/specialties', label: 'shell.nav.specialties' },
  { to: '/about', label: 'shell.nav.about' },
  { to: '/outbreak', label: 'shell.nav.outbreak' },
  { to: '/signup', label: 'shell.nav.signUp' },
  { to: '/referrals', label: 'shell.nav.referAndEarn' },
];

/** A patient's own files (issue 41): in the account menu and the drawer, beside the profile. */
export const MY_DOCUMENTS: NavLink = { to: '/my-documents', label: 'shell.nav.myDocuments' };

export function navLinksFor(userType: UserType | null): NavLink[] {
  if (!userType) return SIGNED_OUT;
  if (userType === 'doctor') return [...withMessages(SIGNED_IN), ...DOCTOR_EXTRA];
  if (userType === 'admin') return [...SIGNED_IN, ...ADMIN_EXTRA];
  return withMessages(SIGNED_IN);
}

/**
 * From which width the navbar shows a role's links in a row; narrower, they are in the drawer. A
 * doctor's nine do not fit one line at 1280 px (they wrapped into two-line labels), so a row of more
 * than seven waits for 1536 px; the drawer has them until then.
 */
export const NAV_ROW = {
  xl: { nav: 'hidden xl:flex', toggle: 'xl:hidden' },
  '2xl': { nav: 'hidden 2xl:flex', toggle: '2xl:hidden' },
} as const;
/** The user menu (or the sign-in buttons) beside the bell: from 1280 px for every role. */
export const USER_MENU_ROW = 'hidden xl:block';
export const navRowFor = (links: readonly NavLink[]) => NAV_ROW[links.length > 7 ? '2xl' : 'xl'];

export function userMenuLinks(userType: UserType): NavLink[] {
  const links: NavLink[] = [{ to: '/profile', label: 'shell.nav.profile' }];
  if (userType === 'patient') links.push(MY_DOCUMENTS);
  if (userType === 'doctor')
    links.push({ to: '/dashboard', label: 'shell.nav.dashboard' }, { to: '/outbreak', label: 'shell.nav.outbreak' });
  return links;
}
