import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Tabs } from 'radix-ui';
import {
  loginRequestSchema,
  MIN_PASSWORD_LENGTH,
  registerRequestSchema,
  safeReturnPath,
  type CurrentUser,
  type LoginRequest,
  type RegisterRequest,
  type UserType,
} from '@common/schemas/auth';
import { landingPath, WORK_HOME } from '@common/rules/landing-path';
import { errorMessage } from '../../lib/api';
import { rememberNewAccount } from '../../lib/new-account';
import { forgetReferralCode, rememberedReferralCode } from '../../lib/referral-code';
import { cn } from '../../lib/cn';
import { textsFor } from '../../lib/i18n/areas';
import { useLanguage } from '../../lib/i18n/use-t';
import { useSignInPurpose } from '../../lib/sign-in-purpose';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../ui/card';
import { Field, Input } from '../../ui/input';
import { Container } from '../../ui/page';
import { useAppConfig, useLogin, useRegister } from './api';
import { DemoAccounts } from './demo-accounts';
import { MfaStep } from './mfa-step';
import { ProviderSignIn } from './provider-sign-in';

const useT = textsFor('auth');

function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  );
}

function SignInForm({ onDone, codeStep = false }: { onDone: (user: CurrentUser) => void; codeStep?: boolean }) {
  const t = useT();
  const login = useLogin();
  const [error, setError] = useState<string | null>(null);
  // The provider's sign-in of an account with two-factor on lands here at the code step.
  const [awaitingCode, setAwaitingCode] = useState(codeStep);
  const form = useForm<LoginRequest>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;
  const handleSubmit = form.handleSubmit((values) => {
    setError(null);
    login.mutate(values, {
      onSuccess: (reply) => ('mfaRequired' in reply ? setAwaitingCode(true) : onDone(reply.user)),
      onError: (e) => setError(errorMessage(e, t('auth.signInFailed'))),
    });
  });
  const { data: config } = useAppConfig();

  if (awaitingCode) {
    return (
      <MfaStep
        onDone={onDone}
        onCancel={() => {
          setAwaitingCode(false);
          form.setValue('password', '');
        }}
      />
    );
  }
  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-4" noValidate>
      <FormError message={error} />
      <Field label={t('auth.field.email')} error={errors.email?.message}>
        {(p) => <Input {...p} type="email" autoComplete="email" {...form.register('email')} />}
      </Field>
      <Field label={t('auth.field.password')} error={errors.password?.message}>
        {(p) => <Input {...p} type="password" autoComplete="current-password" {...form.register('password')} />}
      </Field>
      <Link to="/forgot-password" className="-mt-2 self-end text-sm font-medium text-brand-700 hover:underline">
        {t('auth.forgotPassword')}
      </Link>
      <Button type="submit" disabled={login.isPending}>
        {login.isPending ? t('auth.signingIn') : t('auth.tabs.signIn')}
      </Button>
      {config?.demoMode && (
        <DemoAccounts
          accounts={config.demoAccounts}
          onPick={(account) => {
            form.setValue('email', account.email, { shouldValidate: true });
            form.setValue('password', account.password, { shouldValidate: true });
          }}
        />
      )}
    </form>
  );
}

function RegisterForm({
  role,
  onDone,
}: {
  role: RegisterRequest['userType'];
  onDone: (userType: RegisterRequest['userType']) => void;
}) {
  const t = useT();
  const { language } = useLanguage();
  const register = useRegister();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<RegisterRequest>({
    resolver: zodResolver(registerRequestSchema),
    defaultValues: { email: '', password: '', firstName: '', lastName: '', userType: role },
  });
  const { errors } = form.formState;
  const userType = form.watch('userType');
  const handleSubmit = form.handleSubmit((values) => {
    setError(null);
    register.mutate(
      // The language in use travels with the sign-up, so the first e-mail is already written in it.
      { ...values, referralCode: rememberedReferralCode(), language },
      {
        onSuccess: (reply) => {
          forgetReferralCode();
          rememberNewAccount(reply.user.id);
          onDone(values.userType);
        },
        onError: (e) => setError(errorMessage(e, t('auth.register.failed'))),
      },
    );
  });

  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-4" noValidate>
      <FormError message={error} />
      <fieldset className="grid grid-cols-2 gap-2">
        <legend className="mb-1.5 text-sm font-medium">{t('auth.register.iAmA')}</legend>
        {(['patient', 'doctor'] as const).map((type) => (
          <label
            key={type}
            className={cn(
              'flex cursor-pointer items-center justify-center rounded-lg border px-3 py-2 text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500',
              userType === type ? 'border-brand-600 bg-brand-50 text-brand-800' : 'border-line text-muted',
            )}
          >
            <input type="radio" value={type} className="sr-only" {...form.register('userType')} />
            {type === 'patient' ? t('auth.register.patient') : t('auth.register.doctor')}
          </label>
        ))}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('auth.field.firstName')} error={errors.firstName?.message}>
          {(p) => <Input {...p} autoComplete="given-name" {...form.register('firstName')} />}
        </Field>
        <Field label={t('auth.field.lastName')} error={errors.lastName?.message}>
          {(p) => <Input {...p} autoComplete="family-name" {...form.register('lastName')} />}
        </Field>
      </div>
      <Field label={t('auth.field.email')} error={errors.email?.message}>
        {(p) => <Input {...p} type="email" autoComplete="email" {...form.register('email')} />}
      </Field>
      <Field
        label={t('auth.field.password')}
        error={errors.password?.message}
        hint={t('auth.register.passwordHint', { min: MIN_PASSWORD_LENGTH })}
      >
        {(p) => <Input {...p} type="password" autoComplete="new-password" {...form.register('password')} />}
      </Field>
      <Button type="submit" disabled={register.isPending}>
        {register.isPending ? t('auth.register.creating') : t('auth.tabs.register')}
      </Button>
    </form>
  );
}

const tabClass =
  'flex flex-1 items-center justify-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-muted data-[state=active]:bg-white data-[state=active]:text-ink data-[state=active]:shadow-sm';

export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const returnTo = safeReturnPath(params.get('returnTo'));
  const purpose = useSignInPurpose(returnTo);
  // Each role lands where its work is unless it was on its way somewhere (common/rules/landing-path.ts).
  const land = (userType: UserType) => navigate(landingPath(userType, returnTo), { replace: true });
  const [tab, setTab] = useState(params.get('mode') === 'register' || rememberedReferralCode() ? 'register' : 'signin');
  // A sign-up link (/signup's "Sign Up as a Patient") names the role to start with.
  const role = params.get('role') === 'doctor' ? 'doctor' : 'patient';
  const t = useT();
  const registering = tab === 'register';

  return (
    <Container className="py-10 sm:py-16">
      <Card className="mx-auto w-full max-w-md">
        <CardHeader>
          <h1 className="text-2xl font-semibold leading-tight">
            {t(registering ? 'auth.register.title' : (purpose ?? 'auth.signIn.title'))}
          </h1>
          <CardDescription>{t(registering ? 'auth.register.description' : 'auth.signIn.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          <ProviderSignIn returnTo={returnTo} errorCode={params.get('oidcError')} />
          <Tabs.Root value={tab} onValueChange={setTab}>
            <Tabs.List aria-label={t('auth.tabs.label')} className="mb-5 flex gap-1 rounded-xl bg-slate-100 p-1">
              <Tabs.Trigger value="signin" className={tabClass}>
                <KeyRound className="h-4 w-4" aria-hidden /> {t('auth.tabs.signIn')}
              </Tabs.Trigger>
              <Tabs.Trigger value="register" className={tabClass}>
                <UserPlus className="h-4 w-4" aria-hidden /> {t('auth.tabs.register')}
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="signin">
              <SignInForm onDone={(user) => land(user.userType)} codeStep={params.get('mfa') === '1'} />
            </Tabs.Content>
            <Tabs.Content value="register">
              <RegisterForm
                role={role}
                onDone={(userType) =>
                  // A new doctor's work starts with the profile, before there is a dashboard to run.
                  userType === 'doctor' && landingPath(userType, returnTo) === WORK_HOME.doctor
                    ? navigate('/profile-builder', { replace: true })
                    : land(userType)
                }
              />
            </Tabs.Content>
          </Tabs.Root>
        </CardContent>
      </Card>
    </Container>
  );
}
