import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { landingPath, WORK_HOME } from '@common/rules/landing-path';
import type { OidcSignupRequest } from '@common/schemas/oidc';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { textsFor } from '../../lib/i18n/areas';
import { forgetReferralCode, rememberedReferralCode } from '../../lib/referral-code';
import { Button } from '../../ui/button';
import { buttonClass } from '../../ui/button-class';
import { Spinner } from '../../ui/spinner';
import { AuthCard, FormMessage } from './auth-card';
import { useFinishSignup, usePendingSignup } from './oidc-api';

const useT = textsFor('signin', 'auth');

const ROLES = [
  { value: 'patient', label: 'auth.register.patient', hint: 'signin.role.patientHint' },
  { value: 'doctor', label: 'auth.register.doctor', hint: 'signin.role.doctorHint' },
] as const;

type Role = OidcSignupRequest['userType'];

/**
 * After a first sign-in with the clinic's provider: the person says once whether they are a
 * patient or a doctor (nothing is assumed), and their account is made.
 */
export function ChooseRolePage() {
  const t = useT();
  const TITLE = t('signin.role.title');
  const pending = usePendingSignup();
  const finish = useFinishSignup();
  const navigate = useNavigate();
  const [role, setRole] = useState<Role | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (pending.isPending)
    return (
      <AuthCard title={TITLE}>
        <Spinner label={t('signin.role.loading')} />
      </AuthCard>
    );
  if (pending.isError)
    return (
      <AuthCard title={TITLE}>
        <div className="flex flex-col gap-4">
          <FormMessage tone="error">{t('signin.role.loadFailed')}</FormMessage>
          <Button onClick={() => void pending.refetch()}>{t('signin.tryAgain')}</Button>
        </div>
      </AuthCard>
    );
  const signup = pending.data.signup;
  if (!signup)
    return (
      <AuthCard title={TITLE}>
        <div className="flex flex-col gap-4">
          <FormMessage tone="error">{t('signin.role.expired')}</FormMessage>
          <Link to="/login" className={buttonClass('primary')}>
            {t('signin.backToSignIn')}
          </Link>
        </div>
      </AuthCard>
    );

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!role) return setError(t('signin.role.choose'));
    setError(null);
    finish.mutate(
      { userType: role, referralCode: rememberedReferralCode() },
      {
        onSuccess: ({ user, returnTo }) => {
          forgetReferralCode();
          const landing = landingPath(user.userType, returnTo);
          // A new doctor's work starts with the profile, as after signing up with a password.
          navigate(user.userType === 'doctor' && landing === WORK_HOME.doctor ? '/profile-builder' : landing, {
            replace: true,
          });
        },
        onError: (e) => setError(errorMessage(e, t('auth.register.failed'))),
      },
    );
  };

  return (
    <AuthCard
      title={TITLE}
      description={t('signin.role.welcome', {
        name: signup.firstName,
        provider: signup.providerName,
        email: signup.email,
      })}
    >
      <form onSubmit={handleSubmit} className="flex flex-col gap-4" noValidate>
        {error && <FormMessage tone="error">{error}</FormMessage>}
        <fieldset className="grid gap-2">
          <legend className="mb-1.5 text-sm font-medium">{t('auth.register.iAmA')}</legend>
          {ROLES.map((option) => (
            <div
              key={option.value}
              className={cn(
                'rounded-lg border px-4 py-3 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500',
                role === option.value ? 'border-brand-600 bg-brand-50' : 'border-line',
              )}
            >
              <label className="flex cursor-pointer items-center gap-2 font-medium">
                <input
                  type="radio"
                  name="userType"
                  value={option.value}
                  checked={role === option.value}
                  onChange={() => setRole(option.value)}
                  aria-describedby={`role-hint-${option.value}`}
                  className="accent-brand-700"
                />
                {t(option.label)}
              </label>
              <p id={`role-hint-${option.value}`} className="mt-0.5 ps-6 text-sm text-muted">
                {t(option.hint)}
              </p>
            </div>
          ))}
        </fieldset>
        {!signup.emailVerified && (
          <p className="text-sm text-muted">
            {t('signin.role.unverified', { provider: signup.providerName, email: signup.email })}
          </p>
        )}
        <Button type="submit" disabled={finish.isPending}>
          {finish.isPending ? t('auth.register.creating') : t('signin.continue')}
        </Button>
      </form>
    </AuthCard>
  );
}
