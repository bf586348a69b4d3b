import { ShieldCheck } from 'lucide-react';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../lib/current-user';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Container } from '../../ui/page';
import { TotpSetup } from './totp-setup';

/** Where an administrator is sent until two-factor sign-in is on (ADMIN_MFA_REQUIRED). */
export function MfaSetupPage() {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const home = user?.userType === 'admin' ? '/admin' : '/profile';
  return (
    <Container className="py-10 sm:py-16">
      <Card className="mx-auto w-full max-w-xl">
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-2xl">
            <ShieldCheck className="h-6 w-6 text-brand-700" aria-hidden />
            <span>Set Up Two-Factor Sign-In</span>
          </CardTitle>
          <CardDescription>
            {user?.mfaSetupRequired
              ? 'Administrator accounts need a code from an authenticator app at every sign-in. Set it up to continue.'
              : 'A code from an authenticator app, asked for after your password.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {user?.mfaEnabled ? (
            <p className="text-sm text-ink">Two-factor sign-in is already on for your account.</p>
          ) : (
            <TotpSetup doneLabel="Continue" onDone={() => navigate(home, { replace: true })} />
          )}
        </CardContent>
      </Card>
    </Container>
  );
}
