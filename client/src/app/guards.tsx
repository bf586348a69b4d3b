import { ShieldAlert } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { ClientMessageKey } from '@common/i18n/keys';
import type { UserType } from '@common/schemas/auth';
import { goToLogin } from '../lib/api';
import { useCurrentUser } from '../lib/current-user';
import { useT } from '../lib/i18n/use-t';
import { Container } from '../ui/page';
import { toast } from '../ui/toast-store';
import { FullScreenSpinner } from '../ui/spinner';

const MFA_SETUP_PATH = '/mfa-setup';

/** A route may tell a signed-out visitor why before sending them to sign in (./route-table.ts). */
function RedirectToLogin({ explain }: { explain?: boolean }) {
  const t = useT();
  useEffect(() => {
    if (!explain) return goToLogin();
    toast({ title: t('shell.unauthorized.title'), description: t('shell.unauthorized.text'), variant: 'destructive' });
    const timer = setTimeout(() => goToLogin(), 500);
    return () => clearTimeout(timer);
  }, [explain, t]);
  return <FullScreenSpinner />;
}

export function AccessDenied({ message }: { message: string }) {
  const t = useT();
  return (
    <Container className="py-16">
      <div className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-xl border border-line bg-white p-8 text-center">
        <ShieldAlert className="h-10 w-10 text-danger" aria-hidden />
        <h1 className="text-xl font-semibold">{t('shell.accessDenied.title')}</h1>
        <p className="text-muted">{message}</p>
      </div>
    </Container>
  );
}

const DENIED: Record<Exclude<UserType, 'patient'>, ClientMessageKey> = {
  admin: 'shell.accessDenied.admin',
  doctor: 'shell.accessDenied.doctor',
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
  const t = useT();
  if (!user) return <RedirectToLogin explain={explainRedirect} />;
  // The server refuses everything else meanwhile (403 mfa_setup_required); send them to the setup.
  if (user.mfaSetupRequired && pathname !== MFA_SETUP_PATH) return <Navigate to={MFA_SETUP_PATH} replace />;
  if (role && user.userType !== role) return <AccessDenied message={t(DENIED[role])} />;
  return children;
}
