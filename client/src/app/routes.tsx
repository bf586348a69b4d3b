import { lazy, type ComponentType, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { useCurrentUser } from '../features/auth/api';
import { PlannedPage } from '../features/shell/planned-page';
import { NotFoundPage } from '../features/shell/not-found-page';
import { FullScreenSpinner } from '../ui/spinner';
import { RequireUser } from './guards';
import { Layout } from './layout';
import { ROUTES, type RouteEntry } from './route-table';

// Each screen is its own chunk so the first load carries only what it shows.
const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));

const LandingPage = page(() => import('../features/home/landing-page'), 'LandingPage');
const HomePage = page(() => import('../features/home/home-page'), 'HomePage');
const LoginPage = page(() => import('../features/auth/login-page'), 'LoginPage');
const AboutPage = page(() => import('../features/static/about-page'), 'AboutPage');
const PrivacyPolicyPage = page(() => import('../features/static/privacy-policy-page'), 'PrivacyPolicyPage');
const SignupPage = page(() => import('../features/static/signup-page'), 'SignupPage');

const SCREENS: Record<string, ComponentType> = {
  '/login': LoginPage,
  '/about': AboutPage,
  '/privacy-policy': PrivacyPolicyPage,
  '/signup': SignupPage,
};

function guarded(entry: RouteEntry, node: ReactNode) {
  if (entry.access === 'public') return node;
  if (entry.access === 'doctor' || entry.access === 'admin') return <RequireUser role={entry.access}>{node}</RequireUser>;
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
