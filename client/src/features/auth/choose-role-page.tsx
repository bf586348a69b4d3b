import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { landingPath, WORK_HOME } from '@common/rules/landing-path';
import type { OidcSignupRequest } from '@common/schemas/oidc';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { forgetReferralCode, rememberedReferralCode } from '../../lib/referral-code';
import { Button } from '../../ui/button';
import { buttonClass } from '../../ui/button-class';
import { Spinner } from '../../ui/spinner';
import { AuthCard, FormMessage } from './auth-card';
import { useFinishSignup, usePendingSignup } from './oidc-api';

const TITLE = 'Choose your account type';

const ROLES = [
  { value: 'patient', label: 'Patient', hint: 'Find doctors, book and join consultations.' },
  {
    value: 'doctor',
    label: 'Doctor',
    hint: 'Build your profile and run consultations once an administrator verifies you.',
  },
] as const;

type Role = OidcSignupRequest['userType'];

/**
 * After a first sign-in with the clinic's provider: the person says once whether they are a
 * patient or a doctor (nothing is assumed), and their account is made.
 */
export function ChooseRolePage() {
  const pending = usePendingSignup();
  const finish = useFinishSignup();
  const navigate = useNavigate();
  const [role, setRole] = useState<Role | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (pending.isPending)
    return (
      <AuthCard title={TITLE}>
        <Spinner label="Loading your sign-in" />
      </AuthCard>
    );
  if (pending.isError)
    return (
      <AuthCard title={TITLE}>
        <div className="flex flex-col gap-4">
          <FormMessage tone="error">We could not load your sign-in. Please try again.</FormMessage>
          <Button onClick={() => void pending.refetch()}>Try again</Button>
        </div>
      </AuthCard>
    );
  const signup = pending.data.signup;
  if (!signup)
    return (
      <AuthCard title={TITLE}>
        <div className="flex flex-col gap-4">
          <FormMessage tone="error">Your sign-in has expired or is already finished. Please sign in again.</FormMessage>
          <Link to="/login" className={buttonClass('primary')}>
            Back to sign in
          </Link>
        </div>
      </AuthCard>
    );

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!role) return setError('Choose patient or doctor.');
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
        onError: (e) => setError(errorMessage(e, 'Could not create your account. Please try again.')),
      },
    );
  };

  return (
    <AuthCard
      title={TITLE}
      description={`Welcome, ${signup.firstName}. ${signup.providerName} signed you in as ${signup.email}. This is the first time here: tell us how you will use Medora. You choose once.`}
    >
      <form onSubmit={handleSubmit} className="flex flex-col gap-4" noValidate>
        {error && <FormMessage tone="error">{error}</FormMessage>}
        <fieldset className="grid gap-2">
          <legend className="mb-1.5 text-sm font-medium">I am a</legend>
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
                {option.label}
              </label>
              <p id={`role-hint-${option.value}`} className="mt-0.5 pl-6 text-sm text-muted">
                {option.hint}
              </p>
            </div>
          ))}
        </fieldset>
        {!signup.emailVerified && (
          <p className="text-sm text-muted">
            {signup.providerName} has not confirmed your e-mail address, so we will send a link to {signup.email} for
            you to confirm it.
          </p>
        )}
        <Button type="submit" disabled={finish.isPending}>
          {finish.isPending ? 'Creating account...' : 'Continue'}
        </Button>
      </form>
    </AuthCard>
  );
}
