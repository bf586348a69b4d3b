import { zodResolver } from '@hookform/resolvers/zod';
import type { FormEvent, ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { APPLICATION_LANGUAGES, EXPERIENCE_RANGES, HOURS_PER_WEEK } from '@common/constants/lists';
import { APPLICATION_SPECIALTIES } from '@common/constants/specialties';
import {
  doctorApplicationRequestSchema,
  type DoctorApplicationInput,
  type DoctorApplicationRequest,
} from '@common/schemas/doctor-applications';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Field, Input, Select, Textarea } from '../../ui/input';
import { toast } from '../../ui/toast-store';
import { useSubmitApplication } from './api';

const EMPTY: DoctorApplicationRequest = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  specialty: '' as never,
  licenseNumber: '',
  yearsOfExperience: '' as never,
  currentPractice: '',
  consultationFee: '',
  availableHours: undefined,
  languages: [],
  aboutMe: '',
  whyTelemedicine: '',
  hasTelemedicineExperience: false,
  agreedToTerms: false as never,
};

function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-4 border-t border-line pt-5 first:border-t-0 first:pt-0">
      <legend className="sr-only">{title}</legend>
      <div aria-hidden>
        <h3 className="font-semibold text-ink">{title}</h3>
        <p className="text-sm text-muted">{description}</p>
      </div>
      {children}
    </fieldset>
  );
}

export function ApplicationForm() {
  const navigate = useNavigate();
  const submit = useSubmitApplication();
  const form = useForm<DoctorApplicationRequest, unknown, DoctorApplicationInput>({
    resolver: zodResolver(doctorApplicationRequestSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const reg = form.register;

  const send = form.handleSubmit((values) => {
    submit.mutate(
      { ...values, availableHours: values.availableHours || undefined },
      {
        onSuccess: () => {
          toast({
            title: 'Application Submitted!',
            description: "We'll review your application and contact you within 48 hours.",
            variant: 'success',
          });
          navigate('/');
        },
        onError: (e) =>
          toast({
            title: 'Application Failed',
            description: errorMessage(e, 'Please try again later.'),
            variant: 'destructive',
          }),
      },
    );
  });

  const handleSubmit = (event: FormEvent) => {
    // Without the terms agreed, nothing is submitted.
    if (!form.getValues('agreedToTerms')) {
      event.preventDefault();
      toast({
        title: 'Terms Required',
        description: 'Please agree to the terms and conditions',
        variant: 'destructive',
      });
      return;
    }
    void send(event);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Doctor Application</CardTitle>
        <CardDescription>Tell us about your practice. Fields marked * are required.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-6" aria-label="Doctor application">
          <Section title="Personal Information" description="How we can reach you.">
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="First name *" error={errors.firstName?.message}>
                {(p) => <Input {...p} autoComplete="given-name" {...reg('firstName')} />}
              </Field>
              <Field label="Last name *" error={errors.lastName?.message}>
                {(p) => <Input {...p} autoComplete="family-name" {...reg('lastName')} />}
              </Field>
              <Field label="Email *" error={errors.email?.message}>
                {(p) => <Input {...p} type="email" autoComplete="email" {...reg('email')} />}
              </Field>
              <Field label="Phone *" error={errors.phone?.message}>
                {(p) => <Input {...p} type="tel" autoComplete="tel" {...reg('phone')} />}
              </Field>
            </div>
          </Section>

          <Section title="Professional Information" description="Your specialty, licence and practice.">
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Specialty *" error={errors.specialty?.message}>
                {(p) => (
                  <Select {...p} {...reg('specialty')}>
                    <option value="">Select specialty</option>
                    {APPLICATION_SPECIALTIES.map((s) => (
                      <option key={s} value={s}>
                        {s}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              <Field label="Medical license number *" error={errors.licenseNumber?.message}>
                {(p) => <Input {...p} {...reg('licenseNumber')} />}
              </Field>
              <Field label="Years of experience *" error={errors.yearsOfExperience?.message}>
                {(p) => (
                  <Select {...p} {...reg('yearsOfExperience')}>
                    <option value="">Select range</option>
                    {EXPERIENCE_RANGES.map((r) => (
                      <option key={r} value={r}>
                        {r} years
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              <Field label="Current practice" error={errors.currentPractice?.message}>
                {(p) => <Input {...p} {...reg('currentPractice')} />}
              </Field>
              <Field label="Desired consultation fee (USD) *" error={errors.consultationFee?.message}>
                {(p) => (
                  <Input
                    {...p}
                    type="number"
                    inputMode="decimal"
                    min="0"
                    step="0.01"
                    placeholder="150"
                    {...reg('consultationFee')}
                  />
                )}
              </Field>
              <Field label="Available hours per week" error={errors.availableHours?.message}>
                {(p) => (
                  <Select {...p} {...reg('availableHours', { setValueAs: (v) => v || undefined })}>
                    <option value="">Select hours</option>
                    {HOURS_PER_WEEK.map((h) => (
                      <option key={h} value={h}>
                        {h} hours
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            </div>
          </Section>

          <Section title="Languages" description="Languages you can consult in.">
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-5" role="group" aria-label="Languages">
              {APPLICATION_LANGUAGES.map((lang) => (
                <label
                  key={lang}
                  className="flex items-center gap-2 rounded-lg border border-line px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                >
                  <input type="checkbox" value={lang} className="accent-brand-700" {...reg('languages')} />
                  {lang}
                </label>
              ))}
            </div>
          </Section>

          <Section title="Additional Information" description="Help us get to know you.">
            <Field label="About me *" error={errors.aboutMe?.message}>
              {(p) => <Textarea {...p} rows={4} {...reg('aboutMe')} />}
            </Field>
            <Field label="Why telemedicine?" error={errors.whyTelemedicine?.message}>
              {(p) => <Textarea {...p} rows={3} {...reg('whyTelemedicine')} />}
            </Field>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" className="h-4 w-4 accent-brand-700" {...reg('hasTelemedicineExperience')} />I have
              offered telemedicine consultations before
            </label>
          </Section>

          <label className="flex items-start gap-2 rounded-lg bg-surface p-3 text-sm">
            <input type="checkbox" className="mt-0.5 h-4 w-4 accent-brand-700" {...reg('agreedToTerms')} />
            <span>
              I agree to the{' '}
              <Link to="/terms" className="font-medium text-brand-700 underline">
                terms and conditions
              </Link>{' '}
              and the{' '}
              <Link to="/privacy" className="font-medium text-brand-700 underline">
                privacy policy
              </Link>
              .
            </span>
          </label>

          <Button type="submit" size="lg" disabled={submit.isPending}>
            {submit.isPending ? 'Submitting...' : 'Submit Application'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
