import { zodResolver } from '@hookform/resolvers/zod';
import { HeartPulse } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { PatientProfile, PatientProfileFields } from '@common/schemas/patient-profile';
import { errorMessage } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import { Button } from '../../ui/button';
import { buttonClass } from '../../ui/button-class';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Skeleton } from '../../ui/spinner';
import { toast } from '../../ui/toast-store';
import { useOwnPatientProfile, useUpdatePatientProfile } from './patient-api';
import { PATIENT_STEPS, PatientFields } from './patient-fields';
import { updatePatientFormSchema } from './patient-form-schema';

const useT = textsFor('account');

const toFields = (p: PatientProfile): PatientProfileFields => ({
  dateOfBirth: p.dateOfBirth,
  gender: p.gender,
  phoneNumber: p.phoneNumber,
  address: p.address,
  city: p.city,
  state: p.state ?? '',
  zipCode: p.zipCode ?? '',
  country: p.country,
  emergencyContactName: p.emergencyContactName,
  emergencyContactPhone: p.emergencyContactPhone,
  emergencyContactRelation: p.emergencyContactRelation,
  medicalHistory: p.medicalHistory ?? '',
  currentMedications: p.currentMedications ?? '',
  allergies: p.allergies ?? '',
  preferredLanguage: p.preferredLanguage,
});

/** The patient's record, edited in place: the right to correct it. */
export function PatientRecordCard() {
  const t = useT();
  const profile = useOwnPatientProfile();
  if (profile.isPending) return <Skeleton className="h-40 w-full" />;
  if (!profile.data) {
    return (
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <HeartPulse className="h-5 w-5 text-brand-700" aria-hidden /> {t('account.record.title')}
          </CardTitle>
          <CardDescription>{t('account.record.emptyText')}</CardDescription>
        </CardHeader>
        <CardContent>
          <Link to="/join-patients" className={buttonClass('primary')}>
            {t('account.record.create')}
          </Link>
        </CardContent>
      </Card>
    );
  }
  return <EditRecord profile={profile.data} />;
}

function EditRecord({ profile }: { profile: PatientProfile }) {
  const t = useT();
  const update = useUpdatePatientProfile();
  const form = useForm<PatientProfileFields>({
    resolver: zodResolver(updatePatientFormSchema),
    defaultValues: toFields(profile),
  });
  useEffect(() => form.reset(toFields(profile)), [form, profile]);

  const save = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () =>
        toast({
          title: t('account.record.savedTitle'),
          description: t('account.record.savedText'),
          variant: 'success',
        }),
      onError: (e) =>
        toast({
          title: t('account.error'),
          description: errorMessage(e, t('account.record.saveFailed')),
          variant: 'destructive',
        }),
    }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <HeartPulse className="h-5 w-5 text-brand-700" aria-hidden /> {t('account.record.title')}
        </CardTitle>
        <CardDescription>{t('account.record.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={save} noValidate className="flex flex-col gap-6" aria-label={t('account.record.formLabel')}>
          {PATIENT_STEPS.map((title, step) => (
            <section key={title} className="flex flex-col gap-4 border-t border-line pt-5 first:border-t-0 first:pt-0">
              <h3 className="font-semibold text-ink">{t(title)}</h3>
              <PatientFields step={step} register={form.register} errors={form.formState.errors} />
            </section>
          ))}
          <div>
            <Button
              type="submit"
              disabled={update.isPending}
              reason={form.formState.isDirty ? null : t('account.record.unchanged')}
            >
              {update.isPending ? t('account.saving') : t('account.record.save')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
