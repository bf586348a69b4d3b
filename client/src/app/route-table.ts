/**
 * Spec §2.1 as data: who may open each route. The router, the guards and the end-to-end tests
 * all read this one table.
 */
export type RouteAccess = 'public' | 'user' | 'doctor' | 'admin' | 'user-or-login';

export type RouteEntry = { path: string; access: RouteAccess; title: string };

export const ROUTES: RouteEntry[] = [
  { path: '/outbreak', access: 'public', title: 'Outbreak Monitor' },
  { path: '/specialties', access: 'public', title: 'Medical Specialties' },
  { path: '/doctors', access: 'public', title: 'Find Doctors' },
  { path: '/find-doctors', access: 'public', title: 'Find Doctors' },
  { path: '/doctors/:id', access: 'public', title: 'Doctor Profile' },
  { path: '/about', access: 'public', title: 'About Medora' },
  { path: '/privacy-policy', access: 'public', title: 'Privacy Policy' },
  { path: '/privacy', access: 'public', title: 'Privacy Policy' },
  { path: '/terms', access: 'public', title: 'Terms of Service' },
  { path: '/signup', access: 'public', title: 'Join Medora' },
  { path: '/join-doctors', access: 'public', title: 'Join Medora as a Doctor' },
  { path: '/join-patients', access: 'public', title: 'Create Your Patient Profile' },
  { path: '/login', access: 'public', title: 'Sign in to Medora' },
  { path: '/referrals', access: 'user-or-login', title: 'Referrals' },
  { path: '/appointments', access: 'user', title: 'My Appointments' },
  { path: '/book-appointment', access: 'user', title: 'Book Appointment' },
  { path: '/consultation', access: 'user', title: 'Video Consultations' },
  { path: '/consultation/:id', access: 'user', title: 'Consultation' },
  { path: '/checkout', access: 'user', title: 'Complete Payment' },
  { path: '/outbreak-pdf-checkout', access: 'user', title: 'Purchase PDF Report' },
  { path: '/profile', access: 'user', title: 'My Profile' },
  { path: '/video-consultations', access: 'user', title: 'Video Consultations' },
  { path: '/dashboard', access: 'doctor', title: 'Doctor Dashboard' },
  { path: '/profile-builder', access: 'doctor', title: 'Build Your Doctor Profile' },
  { path: '/profile/setup', access: 'doctor', title: 'Build Your Doctor Profile' },
  { path: '/admin', access: 'admin', title: 'Admin Dashboard' },
  { path: '/outreach-analytics', access: 'admin', title: 'Outreach Analytics' },
];
