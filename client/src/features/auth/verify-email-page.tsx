import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/api';
import { useCurrentUser } from '../../lib/current-user';
import { buttonClass } from '../../ui/button-class';
import { Spinner } from '../../ui/spinner';
import { VerifyEmailNotice } from '../../ui/verify-email-notice';
import { useVerifyEmail } from './account-api';
import { AuthCard, FormMessage } from './auth-card';

/** Where the link of a verification (or address-change) e-mail lands: it confirms on arrival. */
export function VerifyEmailPage() {
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
      <AuthCard title="Verify your e-mail address" description="Open the link in the e-mail we sent you.">
        {user && !user.emailVerified ? (
          <VerifyEmailNotice email={user.email} />
        ) : (
          <p className="text-sm text-muted">This page needs the link from the e-mail.</p>
        )}
      </AuthCard>
    );
  }
  if (verify.isSuccess) {
    return (
      <AuthCard title="E-mail address verified">
        <div className="flex flex-col gap-4">
          <FormMessage tone="success">
            <CheckCircle2 className="me-1.5 inline h-4 w-4" aria-hidden />
            {verify.data.email} is confirmed. You can now book, pay and refer.
          </FormMessage>
          <Link to={user ? '/find-doctors' : '/login'} className={buttonClass('primary')}>
            {user ? 'Find a doctor' : 'Sign in'}
          </Link>
        </div>
      </AuthCard>
    );
  }
  if (verify.isError) {
    return (
      <AuthCard title="This link did not work">
        <div className="flex flex-col gap-4">
          <FormMessage tone="error">
            {errorMessage(verify.error, 'We could not verify your address. Please try again.')}
          </FormMessage>
          {user && !user.emailVerified && <VerifyEmailNotice email={user.email} />}
          {!user && (
            <Link to="/login" className={buttonClass('outline')}>
              Sign in
            </Link>
          )}
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Verifying your e-mail address">
      <div className="flex items-center gap-3 text-sm text-muted" role="status">
        <Spinner className="h-5 w-5" /> Checking the link...
      </div>
    </AuthCard>
  );
}
