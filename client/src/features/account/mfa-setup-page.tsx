import { ShieldCheck } from 'lucide-react';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../lib/current-user';
import { textsFor } from '../../lib/i18n/areas';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Container } from '../../ui/page';
import { TotpSetup } from './totp-setup';

const useT = textsFor('account');

/** Where an administrator is sent until two-factor sign-in is on (ADMIN_MFA_REQUIRED). */
export function MfaSetupPage() {
  const t = useT();
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const home = user?.userType === 'admin' ? '/admin' : '/profile';
  return (
    <Container className="py-10 sm:py-16">
      <Card className="mx-auto w-full max-w-xl">
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-2xl">
            <ShieldCheck className="h-6 w-6 text-brand-700" aria-hidden />
            <span>{t('account.mfa.setupTitle')}</span>
          </CardTitle>
          <CardDescription>
            {user?.mfaSetupRequired ? t('account.mfa.adminRequired') : t('account.mfa.setupDescription')}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {user?.mfaEnabled ? (
            <p className="text-sm text-ink">{t('account.mfa.alreadyOn')}</p>
          ) : (
            <TotpSetup doneLabel={t('account.continue')} onDone={() => navigate(home, { replace: true })} />
          )}
        </CardContent>
      </Card>
    </Container>
  );
}
