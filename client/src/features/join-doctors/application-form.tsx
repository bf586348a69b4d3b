import { zodResolver } from '@hookform/resolvers/zod';
import type { FormEvent, ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { APPLICATION_LANGUAGES, EXPERIENCE_RANGES, HOURS_PER_WEEK } from '@common/constants/lists';
import { PROFILE_SPECIALTIES } from '@common/constants/specialties';
import {
  doctorApplicationRequestSchema,
  type DoctorApplicationInput,
  type DoctorApplicationRequest,
} from '@common/schemas/doctor-applications';
import { errorMessage } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import { pickList } from '../../lib/i18n/pick-list';
import { useFormats } from '../../lib/i18n/use-formats';
import { useIntlShape } from '../../lib/i18n/use-t';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Field, Input, Select, Textarea } from '../../ui/input';
import { toast } from '../../ui/toast-store';
import { useSubmitApplication } from './api';

const useT = textsFor('join');

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
  const t = useT();
  const intl = useIntlShape();
  const { specialty, spokenLanguage: languageName, language } = useFormats();
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
            title: t('join.submitted.title'),
            description: t('join.submitted.text'),
            variant: 'success',
          });
          navigate('/');
        },
        onError: (e) =>
          toast({
            title: t('join.failed.title'),
            description: errorMessage(e, t('join.failed.text')),
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
        title: t('join.termsRequired.title'),
        description: t('join.termsRequired.text'),
        variant: 'destructive',
      });
      return;
    }
    void send(event);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('join.form.title')}</CardTitle>
        <CardDescription>{t('join.form.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-6" aria-label={t('join.form.label')}>
          <Section title={t('join.personal.title')} description={t('join.personal.description')}>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label={t('join.personal.firstName')} error={errors.firstName?.message}>
                {(p) => <Input {...p} autoComplete="given-name" {...reg('firstName')} />}
              </Field>
              <Field label={t('join.personal.lastName')} error={errors.lastName?.message}>
                {(p) => <Input {...p} autoComplete="family-name" {...reg('lastName')} />}
              </Field>
              <Field label={t('join.personal.email')} error={errors.email?.message}>
                {(p) => <Input {...p} type="email" dir="ltr" autoComplete="email" {...reg('email')} />}
              </Field>
              <Field label={t('join.personal.phone')} error={errors.phone?.message}>
                {(p) => <Input {...p} type="tel" dir="ltr" autoComplete="tel" {...reg('phone')} />}
              </Field>
            </div>
          </Section>

          <Section title={t('join.professional.title')} description={t('join.professional.description')}>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label={t('join.professional.specialty')} error={errors.specialty?.message}>
                {(p) => (
                  <Select {...p} {...reg('specialty')}>
                    <option value="">{t('join.professional.selectSpecialty')}</option>
                    {pickList(PROFILE_SPECIALTIES, specialty, language).map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              <Field label={t('join.professional.license')} error={errors.licenseNumber?.message}>
                {(p) => <Input {...p} dir="ltr" {...reg('licenseNumber')} />}
              </Field>
              <Field label={t('join.professional.experience')} error={errors.yearsOfExperience?.message}>
                {(p) => (
                  <Select {...p} {...reg('yearsOfExperience')}>
                    <option value="">{t('join.professional.selectRange')}</option>
                    {EXPERIENCE_RANGES.map((r) => (
                      <option key={r} value={r}>
                        {t('join.professional.years', { range: r })}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              <Field label={t('join.professional.practice')} error={errors.currentPractice?.message}>
                {(p) => <Input {...p} {...reg('currentPractice')} />}
              </Field>
              <Field label={t('join.professional.fee')} error={errors.consultationFee?.message}>
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
              <Field label={t('join.professional.hours')} error={errors.availableHours?.message}>
                {(p) => (
                  <Select {...p} {...reg('availableHours', { setValueAs: (v) => v || undefined })}>
                    <option value="">{t('join.professional.selectHours')}</option>
                    {HOURS_PER_WEEK.map((h) => (
                      <option key={h} value={h}>
                        {t('join.professional.hoursOption', { range: h })}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            </div>
          </Section>

          <Section title={t('join.languages.title')} description={t('join.languages.description')}>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-5" role="group" aria-label={t('join.languages.title')}>
              {APPLICATION_LANGUAGES.map((lang) => (
                <label
                  key={lang}
                  className="flex items-center gap-2 rounded-lg border border-line px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                >
                  <input type="checkbox" value={lang} className="accent-brand-700" {...reg('languages')} />
                  {languageName(lang)}
                </label>
              ))}
            </div>
          </Section>

          <Section title={t('join.additional.title')} description={t('join.additional.description')}>
            <Field label={t('join.additional.about')} error={errors.aboutMe?.message}>
              {(p) => <Textarea {...p} rows={4} {...reg('aboutMe')} />}
            </Field>
            <Field label={t('join.additional.why')} error={errors.whyTelemedicine?.message}>
              {(p) => <Textarea {...p} rows={3} {...reg('whyTelemedicine')} />}
            </Field>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" className="h-4 w-4 accent-brand-700" {...reg('hasTelemedicineExperience')} />
              {t('join.additional.experience')}
            </label>
          </Section>

          <label className="flex items-start gap-2 rounded-lg bg-surface p-3 text-sm">
            <input type="checkbox" className="mt-0.5 h-4 w-4 accent-brand-700" {...reg('agreedToTerms')} />
            <span>
              {intl.formatMessage(
                { id: 'join.terms' },
                {
                  terms: (chunks) => (
                    <Link to="/terms" className="font-medium text-brand-700 underline">
                      {chunks}
                    </Link>
                  ),
                  privacy: (chunks) => (
                    <Link to="/privacy" className="font-medium text-brand-700 underline">
                      {chunks}
                    </Link>
                  ),
                },
              )}
            </span>
          </label>

          <Button type="submit" size="lg" disabled={submit.isPending}>
            {submit.isPending ? t('join.submitting') : t('join.submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
