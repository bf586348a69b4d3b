import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, ArrowRight, LogIn, UserRoundPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useForm, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { CreatePatientProfile, PatientProfileFields } from '@common/schemas/patient-profile';
import { errorMessage, goToLogin } from '../../lib/api';
import { useCurrentUser } from '../../lib/current-user';
import { textsFor } from '../../lib/i18n/areas';
import { useRichT } from '../../lib/i18n/rich-text';
import { Button } from '../../ui/button';
import { buttonClass } from '../../ui/button-class';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Container } from '../../ui/page';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast-store';
import { useCreatePatientProfile, useOwnPatientProfile } from './patient-api';
import { PATIENT_STEPS, PatientFields, STEP_OF_FIELD } from './patient-fields';
import { createPatientFormSchema, EMPTY_PATIENT_FIELDS } from './patient-form-schema';

const useT = textsFor('account', 'auth');

/** Patient profile creation: three steps, submitted once on the last with the terms agreed. */
export function JoinPatientsPage() {
  const t = useT();
  const { user, isLoading } = useCurrentUser();
  const profile = useOwnPatientProfile(Boolean(user));
  if (isLoading || (user && profile.isPending)) {
    return (
      <Container className="flex justify-center py-16">
        <Spinner className="h-8 w-8" label={t('account.loading')} />
      </Container>
    );
  }
  if (!user) return <SignInRequired />;
  if (profile.data) {
    return (
      <Container className="max-w-xl py-10">
        <Card>
          <CardHeader>
            <CardTitle>{t('account.join.readyTitle')}</CardTitle>
            <CardDescription>{t('account.join.readyText')}</CardDescription>
          </CardHeader>
          <CardContent>
            <Link to="/profile" className={buttonClass('primary')}>
              {t('account.join.goToProfile')}
            </Link>
          </CardContent>
        </Card>
      </Container>
    );
  }
  return <CreateProfile />;
}

function SignInRequired() {
  const t = useT();
  return (
    <Container className="max-w-md py-16">
      <Card className="text-center">
        <CardHeader className="items-center">
          <LogIn className="mx-auto h-10 w-10 text-brand-700" aria-hidden />
          <CardTitle>{t('account.join.signInTitle')}</CardTitle>
          <CardDescription>{t('account.join.signInText')}</CardDescription>
        </CardHeader>
        <CardContent>
          <Button onClick={() => goToLogin('/join-patients')}>{t('auth.tabs.signIn')}</Button>
        </CardContent>
      </Card>
    </Container>
  );
}

function CreateProfile() {
  const t = useT();
  const rich = useRichT();
  const navigate = useNavigate();
  const create = useCreatePatientProfile();
  const [step, setStep] = useState(0);
  const form = useForm<CreatePatientProfile>({
    resolver: zodResolver(createPatientFormSchema),
    defaultValues: { ...EMPTY_PATIENT_FIELDS, agreedToTerms: false as never },
  });
  const agreed = form.watch('agreedToTerms');
  const last = step === PATIENT_STEPS.length - 1;
  const percent = Math.round(((step + 1) / PATIENT_STEPS.length) * 100);

  const send = form.handleSubmit(
    (values) =>
      create.mutate(values, {
        onSuccess: () => {
          toast({
            title: t('account.join.welcomeTitle'),
            description: t('account.join.welcomeText'),
            variant: 'success',
          });
          navigate('/');
        },
        onError: (e) =>
          toast({
            title: t('account.join.failedTitle'),
            description: errorMessage(e, t('account.join.failedText')),
            variant: 'destructive',
          }),
      }),
    (errors) => {
      const steps = Object.keys(errors)
        .map((name) => STEP_OF_FIELD[name as keyof PatientProfileFields])
        .filter((s) => s !== undefined);
      if (steps.length > 0) setStep(Math.min(...steps));
    },
  );

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!last) return setStep(step + 1);
    if (!form.getValues('agreedToTerms')) {
      toast({
        title: t('account.join.termsTitle'),
        description: t('account.join.termsText'),
        variant: 'destructive',
      });
      return;
    }
    void send(event);
  };

  return (
    <Container className="max-w-2xl py-8 sm:py-12">
      <header className="mb-6 text-center">
        <UserRoundPlus className="mx-auto h-10 w-10 text-brand-700" aria-hidden />
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink">{t('account.join.title')}</h1>
        <p className="mt-2 text-muted">{t('account.join.subtitle')}</p>
      </header>
      <div className="mb-4">
        <div className="mb-2 flex items-center justify-between text-sm">
          <span className="font-medium text-ink">
            {t('account.join.step', { step: step + 1, steps: PATIENT_STEPS.length })}
          </span>
          <span className="text-muted">{t('account.join.percent', { percent: percent / 100 })}</span>
        </div>
        <div
          className="h-2 overflow-hidden rounded-full bg-slate-200"
          role="progressbar"
          aria-label={t('account.join.progress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <div className="h-full rounded-full bg-brand-700 transition-all" style={{ width: `${percent}%` }} />
        </div>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{t(PATIENT_STEPS[step])}</CardTitle>
        </CardHeader>
        <CardContent>
          <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-6" aria-label={t(PATIENT_STEPS[step])}>
            <PatientFields
              step={step}
              register={form.register as unknown as UseFormRegister<PatientProfileFields>}
              errors={form.formState.errors as FieldErrors<PatientProfileFields>}
            />
            {last && (
              <label className="flex items-start gap-3 rounded-lg border border-line p-3 text-sm">
                <input
                  type="checkbox"
                  className="mt-0.5 h-4 w-4 accent-brand-700"
                  {...form.register('agreedToTerms')}
                />
                <span>
                  {rich('account.join.agree', {
                    terms: (chunks) => (
                      <Link to="/terms" className="text-brand-700 underline">
                        {chunks}
                      </Link>
                    ),
                    privacy: (chunks) => (
                      <Link to="/privacy-policy" className="text-brand-700 underline">
                        {chunks}
                      </Link>
                    ),
                  })}
                </span>
              </label>
            )}
            <div className="flex flex-wrap justify-between gap-2">
              <Button variant="outline" disabled={step === 0} onClick={() => setStep(step - 1)}>
                <ArrowLeft className="h-4 w-4 rtl:-scale-x-100" aria-hidden /> {t('account.join.previous')}
              </Button>
              {last ? (
                <Button type="submit" disabled={create.isPending} reason={agreed ? null : t('account.join.agreeFirst')}>
                  {create.isPending ? t('account.join.creating') : t('account.join.create')}
                </Button>
              ) : (
                <Button type="submit">
                  {t('account.join.next')} <ArrowRight className="h-4 w-4 rtl:-scale-x-100" aria-hidden />
                </Button>
              )}
            </div>
          </form>
        </CardContent>
      </Card>
    </Container>
  );
}
