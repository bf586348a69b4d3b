import { ShieldAlert } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { UserType } from '@common/schemas/auth';
import { goToLogin } from '../lib/api';
import { useCurrentUser } from '../lib/current-user';
import { Container } from '../ui/page';
import { toast } from '../ui/toast-store';
import { FullScreenSpinner } from '../ui/spinner';

const MFA_SETUP_PATH = '/mfa-setup';

/** A route may tell a signed-out visitor why before sending them to sign in (./route-table.ts). */
function RedirectToLogin({ explain }: { explain?: boolean }) {
  useEffect(() => {
    if (!explain) return goToLogin();
    toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
    const timer = setTimeout(() => goToLogin(), 500);
    return () => clearTimeout(timer);
  }, [explain]);
  return <FullScreenSpinner />;
}

export function AccessDenied({ message }: { message: string }) {
  return (
    <Container className="py-16">
      <div className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-xl border border-line bg-white p-8 text-center">
        <ShieldAlert className="h-10 w-10 text-danger" aria-hidden />
        <h1 className="text-xl font-semibold">Access Denied</h1>
        <p className="text-muted">{message}</p>
      </div>
    </Container>
  );
}

const DENIED: Record<Exclude<UserType, 'patient'>, string> = {
  admin: "You don't have administrator privileges.",
  doctor: 'This page is only available to doctors.',
};

/** Signed-out browsers go to sign-in; the wrong role sees Access Denied. The server enforces both. */
export function RequireUser({
  role,
  explainRedirect,
  children,
}: {
  role?: Exclude<UserType, 'patient'>;
  explainRedirect?: boolean;
  children: ReactNode;
}) {
  const { user } = useCurrentUser();
  const { pathname } = useLocation();
  if (!user) return <RedirectToLogin explain={explainRedirect} />;
  // The server refuses everything else meanwhile (403 mfa_setup_required); send them to the setup.
  if (user.mfaSetupRequired && pathname !== MFA_SETUP_PATH) return <Navigate to={MFA_SETUP_PATH} replace />;
  if (role && user.userType !== role) return <AccessDenied message={DENIED[role]} />;
  return children;
}
