import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, ArrowRight, LogIn, UserRoundPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useForm, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { CreatePatientProfile, PatientProfileFields } from '@common/schemas/patient-profile';
import { errorMessage, goToLogin } from '../../lib/api';
import { useCurrentUser } from '../../lib/current-user';
import { Button } from '../../ui/button';
import { buttonClass } from '../../ui/button-class';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Container } from '../../ui/page';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast-store';
import { useCreatePatientProfile, useOwnPatientProfile } from './patient-api';
import { PATIENT_STEPS, PatientFields, STEP_OF_FIELD } from './patient-fields';
import { createPatientFormSchema, EMPTY_PATIENT_FIELDS } from './patient-form-schema';

/** Patient profile creation: three steps, submitted once on the last with the terms agreed. */
export function JoinPatientsPage() {
  const { user, isLoading } = useCurrentUser();
  const profile = useOwnPatientProfile(Boolean(user));
  if (isLoading || (user && profile.isPending)) {
    return (
      <Container className="flex justify-center py-16">
        <Spinner className="h-8 w-8" label="Loading" />
      </Container>
    );
  }
  if (!user) return <SignInRequired />;
  if (profile.data) {
    return (
      <Container className="max-w-xl py-10">
        <Card>
          <CardHeader>
            <CardTitle>Your patient profile is ready</CardTitle>
            <CardDescription>You can review and edit it on your profile page.</CardDescription>
          </CardHeader>
          <CardContent>
            <Link to="/profile" className={buttonClass('primary')}>
              Go to My Profile
            </Link>
          </CardContent>
        </Card>
      </Container>
    );
  }
  return <CreateProfile />;
}

function SignInRequired() {
  return (
    <Container className="max-w-md py-16">
      <Card className="text-center">
        <CardHeader className="items-center">
          <LogIn className="mx-auto h-10 w-10 text-brand-700" aria-hidden />
          <CardTitle>Sign In Required</CardTitle>
          <CardDescription>Please sign in to create your patient profile.</CardDescription>
        </CardHeader>
        <CardContent>
          <Button onClick={() => goToLogin('/join-patients')}>Sign In</Button>
        </CardContent>
      </Card>
    </Container>
  );
}

function CreateProfile() {
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
            title: 'Welcome to Medora!',
            description: 'Your patient profile has been created. You can now book consultations.',
            variant: 'success',
          });
          navigate('/');
        },
        onError: (e) =>
          toast({
            title: 'Profile Creation Failed',
            description: errorMessage(e, 'There was an error creating your profile. Please try again.'),
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
        title: 'Terms Agreement Required',
        description: 'Please agree to the terms and conditions to continue.',
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
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink">Create Your Patient Profile</h1>
        <p className="mt-2 text-muted">A few details so doctors can care for you well.</p>
      </header>
      <div className="mb-4">
        <div className="mb-2 flex items-center justify-between text-sm">
          <span className="font-medium text-ink">
            Step {step + 1} of {PATIENT_STEPS.length}
          </span>
          <span className="text-muted">{percent}% complete</span>
        </div>
        <div
          className="h-2 overflow-hidden rounded-full bg-slate-200"
          role="progressbar"
          aria-label="Profile progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <div className="h-full rounded-full bg-brand-700 transition-all" style={{ width: `${percent}%` }} />
        </div>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{PATIENT_STEPS[step]}</CardTitle>
        </CardHeader>
        <CardContent>
          <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-6" aria-label={PATIENT_STEPS[step]}>
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
                  I agree to the{' '}
                  <Link to="/terms" className="text-brand-700 underline">
                    Terms of Service
                  </Link>{' '}
                  and{' '}
                  <Link to="/privacy-policy" className="text-brand-700 underline">
                    Privacy Policy
                  </Link>
                  , and consent to sharing my medical information with the doctors I book.
                </span>
              </label>
            )}
            <div className="flex flex-wrap justify-between gap-2">
              <Button variant="outline" disabled={step === 0} onClick={() => setStep(step - 1)}>
                <ArrowLeft className="h-4 w-4 rtl:-scale-x-100" aria-hidden /> Previous
              </Button>
              {last ? (
                <Button
                  type="submit"
                  disabled={create.isPending}
                  reason={agreed ? null : 'Agree to the terms above to create your profile.'}
                >
                  {create.isPending ? 'Creating Profile...' : 'Create Profile'}
                </Button>
              ) : (
                <Button type="submit">
                  Next <ArrowRight className="h-4 w-4 rtl:-scale-x-100" aria-hidden />
                </Button>
              )}
            </div>
          </form>
        </CardContent>
      </Card>
    </Container>
  );
}
