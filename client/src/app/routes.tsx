import { lazy, type ComponentType, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { useCurrentUser } from '../features/auth/api';
import { PlannedPage } from '../features/shell/planned-page';
import { FullScreenSpinner } from '../ui/spinner';
import { RequireUser } from './guards';
import { Layout } from './layout';
import { ROUTES, type RouteEntry } from './route-table';

// Each screen is its own chunk so the first load carries only what it shows.
const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));

const NotFoundPage = page(() => import('../features/shell/not-found-page'), 'NotFoundPage');
const LandingPage = page(() => import('../features/home/landing-page'), 'LandingPage');
const HomePage = page(() => import('../features/home/home-page'), 'HomePage');
const LoginPage = page(() => import('../features/auth/login-page'), 'LoginPage');
const AboutPage = page(() => import('../features/static/about-page'), 'AboutPage');
const PrivacyPolicyPage = page(() => import('../features/static/privacy-policy-page'), 'PrivacyPolicyPage');
const SignupPage = page(() => import('../features/static/signup-page'), 'SignupPage');
const JoinDoctorsPage = page(() => import('../features/join-doctors/join-doctors-page'), 'JoinDoctorsPage');
const ProfileBuilderPage = page(() => import('../features/profile-builder/profile-builder-page'), 'ProfileBuilderPage');
const DashboardPage = page(() => import('../features/dashboard/dashboard-page'), 'DashboardPage');
const ProfilePage = page(() => import('../features/account/profile-page'), 'ProfilePage');
const TermsPage = page(() => import('../features/static/terms-page'), 'TermsPage');
// The doctor application links to /privacy; the policy lives at /privacy-policy.
const PrivacyRedirect = () => <Navigate to="/privacy-policy" replace />;
const FindDoctorsPage = page(() => import('../features/doctors/find-doctors-page'), 'FindDoctorsPage');
const DoctorProfilePage = page(() => import('../features/doctors/doctor-profile-page'), 'DoctorProfilePage');
const SpecialtiesPage = page(() => import('../features/specialties/specialties-page'), 'SpecialtiesPage');
const ConsultationPage = page(() => import('../features/consultation/consultation-page'), 'ConsultationPage');
const VideoConsultationsPage = page(
  () => import('../features/consultation/video-consultations-page'),
  'VideoConsultationsPage',
);
const BookAppointmentPage = page(() => import('../features/booking/book-appointment-page'), 'BookAppointmentPage');
const CheckoutPage = page(() => import('../features/checkout/checkout-page'), 'CheckoutPage');
const AppointmentsPage = page(() => import('../features/appointments/appointments-page'), 'AppointmentsPage');

const SCREENS: Record<string, ComponentType> = {
  '/login': LoginPage,
  '/about': AboutPage,
  '/privacy-policy': PrivacyPolicyPage,
  '/signup': SignupPage,
  '/join-doctors': JoinDoctorsPage,
  '/profile-builder': ProfileBuilderPage,
  '/profile/setup': ProfileBuilderPage,
  '/dashboard': DashboardPage,
  '/profile': ProfilePage,
  '/terms': TermsPage,
  '/privacy': PrivacyRedirect,
  '/find-doctors': FindDoctorsPage,
  '/doctors': FindDoctorsPage,
  '/doctors/:id': DoctorProfilePage,
  '/specialties': SpecialtiesPage,
  '/consultation': ConsultationPage,
  '/consultation/:id': ConsultationPage,
  '/video-consultations': VideoConsultationsPage,
  '/book-appointment': BookAppointmentPage,
  '/checkout': CheckoutPage,
  '/appointments': AppointmentsPage,
};

function guarded(entry: RouteEntry, node: ReactNode) {
  if (entry.access === 'public') return node;
  if (entry.access === 'doctor' || entry.access === 'admin') {
    return (
      <RequireUser role={entry.access} explainRedirect={entry.path === '/dashboard'}>
        {node}
      </RequireUser>
    );
  }
  return <RequireUser>{node}</RequireUser>;
}

function Home() {
  const { user } = useCurrentUser();
  return user ? <HomePage /> : <LandingPage />;
}

export function AppRoutes() {
  const { isLoading } = useCurrentUser();
  if (isLoading) return <FullScreenSpinner />;
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path="/" element={<Home />} />
        {ROUTES.map((entry) => {
          const Screen = SCREENS[entry.path];
          const node = Screen ? <Screen /> : <PlannedPage title={entry.title} />;
          return <Route key={entry.path} path={entry.path} element={guarded(entry, node)} />;
        })}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
