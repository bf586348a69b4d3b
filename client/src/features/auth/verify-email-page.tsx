import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import { useCurrentUser } from '../../lib/current-user';
import { buttonClass } from '../../ui/button-class';
import { Spinner } from '../../ui/spinner';
import { VerifyEmailNotice } from '../../ui/verify-email-notice';
import { useVerifyEmail } from './account-api';
import { AuthCard, FormMessage } from './auth-card';

const useT = textsFor('signin');

/** Where the link of a verification (or address-change) e-mail lands: it confirms on arrival. */
export function VerifyEmailPage() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const verify = useVerifyEmail();
  const { user } = useCurrentUser();
  const asked = useRef(false);
  useEffect(() => {
    // Once per visit: the link is single use, and React may run effects twice in development.
    if (token && !asked.current) {
      asked.current = true;
      verify.mutate(token);
    }
  }, [token, verify]);

  if (!token) {
    return (
      <AuthCard title={t('signin.verify.title')} description={t('signin.verify.description')}>
        {user && !user.emailVerified ? (
          <VerifyEmailNotice email={user.email} />
        ) : (
          <p className="text-sm text-muted">{t('signin.verify.needsLink')}</p>
        )}
      </AuthCard>
    );
  }
  if (verify.isSuccess) {
    return (
      <AuthCard title={t('signin.verify.doneTitle')}>
        <div className="flex flex-col gap-4">
          <FormMessage tone="success">
            <CheckCircle2 className="me-1.5 inline h-4 w-4" aria-hidden />
            {t('signin.verify.done', { email: verify.data.email })}
          </FormMessage>
          <Link to={user ? '/find-doctors' : '/login'} className={buttonClass('primary')}>
            {user ? t('signin.verify.findDoctor') : t('signin.signIn')}
          </Link>
        </div>
      </AuthCard>
    );
  }
  if (verify.isError) {
    return (
      <AuthCard title={t('signin.verify.failedTitle')}>
        <div className="flex flex-col gap-4">
          <FormMessage tone="error">{errorMessage(verify.error, t('signin.verify.failed'))}</FormMessage>
          {user && !user.emailVerified && <VerifyEmailNotice email={user.email} />}
          {!user && (
            <Link to="/login" className={buttonClass('outline')}>
              {t('signin.signIn')}
            </Link>
          )}
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('signin.verify.checkingTitle')}>
      <div className="flex items-center gap-3 text-sm text-muted" role="status">
        <Spinner className="h-5 w-5" /> {t('signin.verify.checking')}
      </div>
    </AuthCard>
  );
}
