import type { UserType } from '@common/schemas/auth';

export type NavLink = { to: string; label: string };

// The navbar's links per role, in the order and words the product uses everywhere.
const SIGNED_IN: NavLink[] = [
  { to: '/', label: 'Home' },
  { to: '/doctors', label: 'Find Doctors' },
  { to: '/appointments', label: 'My Appointments' },
  { to: '/outbreak', label: 'Outbreak Monitor' },
  { to: '/referrals', label: 'Referrals' },
];
const DOCTOR_EXTRA: NavLink[] = [
  { to: '/dashboard', label: 'Dashboard' },
  // Not "Appointments": beside "My Appointments" (the visits they booked as a patient) it was one word apart (decision 048).
  { to: '/doctor/appointments', label: 'Patient Visits' },
  { to: '/profile-builder', label: 'Profile Builder' },
];
const ADMIN_EXTRA: NavLink[] = [
  { to: '/admin', label: 'Admin' },
  { to: '/outreach-analytics', label: 'Outreach Analytics' },
];
const SIGNED_OUT: NavLink[] = [
  { to: '/doctors', label: 'Find Doctors' },
  { to: '/specialties', label: 'Specialties' },
  { to: '/about', label: 'About' },
  { to: '/outbreak', label: 'Outbreak Monitor' },
  { to: '/signup', label: 'Sign Up' },
  { to: '/referrals', label: 'Refer & Earn' },
];

export function navLinksFor(userType: UserType | null): NavLink[] {
  if (!userType) return SIGNED_OUT;
  if (userType === 'doctor') return [...SIGNED_IN, ...DOCTOR_EXTRA];
  if (userType === 'admin') return [...SIGNED_IN, ...ADMIN_EXTRA];
  return SIGNED_IN;
}

export function userMenuLinks(userType: UserType): NavLink[] {
  const links: NavLink[] = [{ to: '/profile', label: 'Profile' }];
  if (userType === 'doctor')
    links.push({ to: '/dashboard', label: 'Dashboard' }, { to: '/outbreak', label: 'Outbreak Monitor' });
  return links;
}
