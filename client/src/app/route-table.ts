import { doctorFiltersQuery } from '../lib/doctor-filters';
import { doctorQuery, doctorSearchQuery, featuredDoctorsQuery, LANDING_FEATURED } from '../lib/doctors-api';
import { searchFromUrl } from '../features/doctors/search-params';
import { lazyScreen, prefetch, prefetchPages, type FirstQuery, type RouteEntry } from './route-types';

/*
 * Every route of the app, once: its path, who may open it and the screen it shows. The router
 * (./routes.tsx) renders this list and e2e/shell.spec.ts walks it, so a route cannot exist without
 * a screen and a guard. Loaders are functions, not imports, so reading the list in Node (the e2e
 * spec does) loads no screen.
 */

// Screens reached by more than one path share one loader, so moving between those paths keeps the
// screen mounted as before.
const findDoctors = lazyScreen(() => import('../features/doctors/find-doctors-page'), 'FindDoctorsPage');
const profileBuilder = lazyScreen(
  () => import('../features/profile-builder/profile-builder-page'),
  'ProfileBuilderPage',
);
const consultation = lazyScreen(() => import('../features/consultation/consultation-page'), 'ConsultationPage');
// The list and its filters, as the screen asks for them from the URL.
const findDoctorsQueries = (_: unknown, search: URLSearchParams): FirstQuery[] => [
  prefetchPages(doctorSearchQuery(searchFromUrl(search))),
  prefetch(doctorFiltersQuery),
];

export const ROUTES: readonly RouteEntry[] = [
  {
    path: '/',
    access: 'public',
    title: 'Home',
    titleKey: 'shell.nav.home',
    screen: {
      kind: 'by-session',
      signedIn: lazyScreen(() => import('../features/home/home-page'), 'HomePage'),
      signedOut: lazyScreen(() => import('../features/home/landing-page'), 'LandingPage'),
    },
    // The landing page's doctors and search choices; a signed-in home asks for its own.
    firstQueries: (_params, _search, { signedOut }) =>
      signedOut ? [prefetch(featuredDoctorsQuery(LANDING_FEATURED)), prefetch(doctorFiltersQuery)] : [],
  },
  {
    path: '/outbreak',
    access: 'public',
    title: 'Outbreak Monitor',
    titleKey: 'outbreak.title',
    screen: lazyScreen(() => import('../features/outbreak/outbreak-page'), 'OutbreakPage'),
  },
  {
    path: '/specialties',
    access: 'public',
    title: 'Medical Specialties',
    titleKey: 'specialty-list.title',
    screen: lazyScreen(() => import('../features/specialties/specialties-page'), 'SpecialtiesPage'),
  },
  { path: '/doctors', access: 'public', title: 'Find Doctors', screen: findDoctors, firstQueries: findDoctorsQueries },
  {
    path: '/find-doctors',
    access: 'public',
    title: 'Find Doctors',
    screen: findDoctors,
    firstQueries: findDoctorsQueries,
  },
  {
    path: '/doctors/:id',
    access: 'public',
    title: 'Doctor Profile',
    titleKey: 'doctor-page.title',
    screen: lazyScreen(() => import('../features/doctors/doctor-profile-page'), 'DoctorProfilePage'),
    // Reviews page with their own query function (an infinite query), so they start with the screen.
    firstQueries: ({ id = '' }) => [prefetch(doctorQuery(id))],
  },
  {
    path: '/verify/:code',
    access: 'public',
    title: 'Verify a document',
    titleKey: 'rx.verify.title',
    screen: lazyScreen(() => import('../features/care-documents/verify-page'), 'VerifyPage'),
  },
  {
    path: '/about',
    access: 'public',
    title: 'About',
    titleKey: 'shell.nav.about',
    screen: lazyScreen(() => import('../features/static/about-page'), 'AboutPage'),
  },
  {
    path: '/privacy-policy',
    access: 'public',
    title: 'Privacy Policy',
    titleKey: 'legal.privacy.title',
    screen: lazyScreen(() => import('../features/static/privacy-policy-page'), 'PrivacyPolicyPage'),
  },
  // The doctor application links to /privacy; the policy lives at /privacy-policy.
  { path: '/privacy', access: 'public', title: 'Privacy Policy', screen: { kind: 'redirect', to: '/privacy-policy' } },
  {
    path: '/terms',
    access: 'public',
    title: 'Terms of Service',
    titleKey: 'legal.terms.title',
    screen: lazyScreen(() => import('../features/static/terms-page'), 'TermsPage'),
  },
  {
    path: '/signup',
    access: 'public',
    title: 'Sign Up',
    screen: lazyScreen(() => import('../features/static/signup-page'), 'SignupPage'),
  },
  {
    path: '/join-doctors',
    access: 'public',
    title: 'Join as a Doctor',
    titleKey: 'join.title',
    screen: lazyScreen(() => import('../features/join-doctors/join-doctors-page'), 'JoinDoctorsPage'),
  },
  {
    path: '/join-patients',
    access: 'public',
    title: 'Create Your Patient Profile',
    titleKey: 'account.join.title',
    screen: lazyScreen(() => import('../features/account/join-patients-page'), 'JoinPatientsPage'),
  },
  {
    path: '/login',
    access: 'public',
    title: 'Sign In',
    titleKey: 'auth.tabs.signIn',
    screen: lazyScreen(() => import('../features/auth/login-page'), 'LoginPage'),
  },
  {
    path: '/login/choose-role',
    access: 'public',
    title: 'Choose your account type',
    titleKey: 'signin.role.title',
    screen: lazyScreen(() => import('../features/auth/choose-role-page'), 'ChooseRolePage'),
  },
  {
    path: '/verify-email',
    access: 'public',
    title: 'Verify your e-mail address',
    titleKey: 'signin.verify.title',
    screen: lazyScreen(() => import('../features/auth/verify-email-page'), 'VerifyEmailPage'),
  },
  {
    path: '/forgot-password',
    access: 'public',
    title: 'Forgot your password?',
    titleKey: 'signin.forgot.title',
    screen: lazyScreen(() => import('../features/auth/forgot-password-page'), 'ForgotPasswordPage'),
  },
  {
    path: '/reset-password',
    access: 'public',
    title: 'Choose a new password',
    titleKey: 'signin.reset.title',
    screen: lazyScreen(() => import('../features/auth/reset-password-page'), 'ResetPasswordPage'),
  },
  {
    path: '/take-over',
    access: 'public',
    title: 'Take over your Medora record',
    titleKey: 'signin.takeover.title',
    screen: lazyScreen(() => import('../features/auth/takeover-page'), 'TakeoverPage'),
  },
  {
    path: '/referrals',
    signInKey: 'auth.signIn.for.referrals',
    access: 'user-or-login',
    title: 'Referrals',
    titleKey: 'referrals.tabTitle',
    screen: lazyScreen(() => import('../features/referrals/referrals-page'), 'ReferralsPage'),
  },
  {
    path: '/appointments',
    signInKey: 'auth.signIn.for.appointments',
    access: 'user',
    title: 'My Appointments',
    titleKey: 'appointments.title',
    screen: lazyScreen(() => import('../features/appointments/appointments-page'), 'AppointmentsPage'),
  },
  {
    path: '/messages',
    signInKey: 'auth.signIn.for.messages',
    access: 'user',
    title: 'Messages',
    titleKey: 'messages.title',
    screen: lazyScreen(() => import('../features/care/messages-page'), 'MessagesPage'),
  },
  {
    path: '/messages/:id',
    signInKey: 'auth.signIn.for.messages',
    access: 'user',
    title: 'Conversation',
    titleKey: 'messages.conversationTitle',
    screen: lazyScreen(() => import('../features/care/conversation-page'), 'ConversationPage'),
  },
  {
    path: '/my-documents',
    signInKey: 'auth.signIn.for.documents',
    access: 'user',
    title: 'My Documents',
    titleKey: 'my-documents.title',
    screen: lazyScreen(() => import('../features/care/my-documents-page'), 'MyDocumentsPage'),
  },
  {
    path: '/book-appointment',
    signInKey: 'auth.signIn.for.book',
    access: 'user',
    title: 'Book Appointment',
    titleKey: 'booking.title',
    screen: lazyScreen(() => import('../features/booking/book-appointment-page'), 'BookAppointmentPage'),
  },
  {
    path: '/consultation',
    signInKey: 'auth.signIn.for.consultation',
    access: 'user',
    title: 'Video Consultations',
    titleKey: 'room.title.list',
    screen: consultation,
  },
  {
    path: '/consultation/:id',
    signInKey: 'auth.signIn.for.consultation',
    access: 'user',
    title: 'Consultation',
    titleKey: 'room.title.consultation',
    screen: consultation,
  },
  {
    path: '/checkout',
    signInKey: 'auth.signIn.for.checkout',
    access: 'user',
    title: 'Complete Payment',
    titleKey: 'checkout.title',
    screen: lazyScreen(() => import('../features/checkout/checkout-page'), 'CheckoutPage'),
  },
  {
    path: '/outbreak-pdf-checkout',
    signInKey: 'auth.signIn.for.report',
    access: 'user',
    title: 'Purchase PDF Report',
    titleKey: 'outbreak.checkout.title',
    screen: lazyScreen(() => import('../features/outbreak/outbreak-checkout-page'), 'OutbreakCheckoutPage'),
  },
  {
    path: '/profile',
    signInKey: 'auth.signIn.for.profile',
    access: 'user',
    title: 'My Profile',
    titleKey: 'account.profile.title',
    screen: lazyScreen(() => import('../features/account/profile-page'), 'ProfilePage'),
  },
  {
    path: '/mfa-setup',
    signInKey: 'auth.signIn.for.mfa',
    access: 'user',
    title: 'Set Up Two-Factor Sign-In',
    titleKey: 'account.mfa.setupTitle',
    screen: lazyScreen(() => import('../features/account/mfa-setup-page'), 'MfaSetupPage'),
  },
  {
    path: '/video-consultations',
    signInKey: 'auth.signIn.for.consultations',
    access: 'user',
    title: 'Video Consultations',
    titleKey: 'room.title.list',
    screen: lazyScreen(() => import('../features/consultation/video-consultations-page'), 'VideoConsultationsPage'),
  },
  {
    path: '/dashboard',
    signInKey: 'auth.signIn.for.dashboard',
    access: 'doctor',
    title: 'Doctor Dashboard',
    titleKey: 'dashboard.title',
    explainSignIn: true,
    screen: lazyScreen(() => import('../features/dashboard/dashboard-page'), 'DashboardPage'),
  },
  {
    path: '/doctor/appointments',
    signInKey: 'auth.signIn.for.visits',
    access: 'doctor',
    title: 'Patient Visits',
    titleKey: 'visits.title',
    screen: lazyScreen(
      () => import('../features/doctor-appointments/doctor-appointments-page'),
      'DoctorAppointmentsPage',
    ),
  },
  {
    path: '/visit-notes/:id',
    signInKey: 'auth.signIn.for.notes',
    access: 'doctor',
    title: 'Visit Notes',
    titleKey: 'notes.title',
    screen: lazyScreen(() => import('../features/consultation/visit-notes-page'), 'VisitNotesPage'),
  },
  {
    path: '/profile-builder',
    signInKey: 'auth.signIn.for.builder',
    access: 'doctor',
    title: 'Build Your Doctor Profile',
    titleKey: 'builder.title',
    screen: profileBuilder,
  },
  {
    path: '/profile/setup',
    signInKey: 'auth.signIn.for.builder',
    access: 'doctor',
    title: 'Build Your Doctor Profile',
    titleKey: 'builder.title',
    screen: profileBuilder,
  },
  {
    path: '/admin',
    signInKey: 'auth.signIn.for.admin',
    access: 'admin',
    title: 'Admin Dashboard',
    titleKey: 'admin.title',
    screen: lazyScreen(() => import('../features/admin/admin-page'), 'AdminPage'),
  },
  {
    path: '/outreach-analytics',
    signInKey: 'auth.signIn.for.outreach',
    access: 'admin',
    title: 'Outreach Analytics',
    titleKey: 'outreach.title',
    screen: lazyScreen(() => import('../features/outreach-analytics/outreach-analytics-page'), 'OutreachAnalyticsPage'),
  },
  {
    path: '*',
    access: 'public',
    title: 'Page Not Found',
    titleKey: 'pages.notFound.title',
    screen: lazyScreen(() => import('../features/shell/not-found-page'), 'NotFoundPage'),
  },
];
