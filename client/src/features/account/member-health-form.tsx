import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import {
  familyMemberProfileBodySchema,
  type FamilyMemberProfile,
  type FamilyMemberProfileBody,
} from '@common/schemas/family-member-profile';
import type { FamilyMember } from '@common/schemas/family';
import type { PatientProfileFields } from '@common/schemas/patient-profile';
import { ApiError, errorMessage } from '../../lib/api';
import { memberName, memberProfileQuery, useSaveMemberProfile } from '../../lib/family-members';
import { textsFor } from '../../lib/i18n/areas';
import { Button } from '../../ui/button';
import { Skeleton } from '../../ui/spinner';
import { toast } from '../../ui/toast-store';
import { EMPTY_PATIENT_FIELDS } from './patient-form-schema';
import { PATIENT_STEPS, PatientFields } from './patient-fields';

const useT = textsFor('family', 'account');

const { dateOfBirth: _dateOfBirth, ...EMPTY } = EMPTY_PATIENT_FIELDS;
const formValues = (saved: FamilyMemberProfile | null): FamilyMemberProfileBody => {
  if (!saved) return EMPTY;
  const { familyMemberId: _id, createdAt: _created, updatedAt: _updated, ...fields } = saved;
  return {
    ...fields,
    state: fields.state ?? '',
    zipCode: fields.zipCode ?? '',
    medicalHistory: fields.medicalHistory ?? '',
    currentMedications: fields.currentMedications ?? '',
    allergies: fields.allergies ?? '',
  };
};

/** A family member's own health profile (issue 42): the patient profile's fields, kept by the holder. */
export function MemberHealthForm({ member, onDone }: { member: FamilyMember; onDone: () => void }) {
  const t = useT();
  const profile = useQuery(memberProfileQuery(member.id));
  if (profile.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label={t('family.health.loading')} className="grid gap-2 p-3">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }
  if (profile.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-2 p-3">
        <p className="text-sm text-danger">{t('family.health.loadError')}</p>
        <Button variant="outline" size="sm" onClick={() => void profile.refetch()}>
          {t('family.health.retry')}
        </Button>
      </div>
    );
  }
  return <HealthForm member={member} saved={profile.data} onDone={onDone} />;
}

function HealthForm({
  member,
  saved,
  onDone,
}: {
  member: FamilyMember;
  saved: FamilyMemberProfile | null;
  onDone: () => void;
}) {
  const t = useT();
  const save = useSaveMemberProfile(member.id);
  const form = useForm<FamilyMemberProfileBody>({
    resolver: zodResolver(familyMemberProfileBodySchema),
    defaultValues: formValues(saved),
  });
  const register = form.register as unknown as UseFormRegister<PatientProfileFields>;
  const errors = form.formState.errors as FieldErrors<PatientProfileFields>;
  const submit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => {
        toast({ title: t('family.health.saved', { name: member.firstName }), variant: 'success' });
        onDone();
      },
      onError: (err) => {
        if (err instanceof ApiError && err.fields) {
          for (const [field, message] of Object.entries(err.fields)) {
            form.setError(field as keyof FamilyMemberProfileBody, { message: String(message) });
          }
          return;
        }
        toast({ title: t('family.failed'), description: errorMessage(err, ''), variant: 'destructive' });
      },
    }),
  );

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t('family.health.formLabel', { name: memberName(member) })}
      className="flex flex-col gap-5 rounded-lg border border-line p-4"
    >
      <p className="text-sm text-muted">
        {saved ? t('family.health.intro') : t('family.health.none', { name: member.firstName })}
      </p>
      {PATIENT_STEPS.map((title, step) => (
        <section
          key={title}
          className="flex flex-col gap-4 border-t border-line pt-4 first-of-type:border-t-0 first-of-type:pt-0"
        >
          <h3 className="font-semibold text-ink">{t(title)}</h3>
          <PatientFields step={step} register={register} errors={errors} withoutDateOfBirth />
        </section>
      ))}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('family.health.saving') : t('family.health.save')}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('family.cancel')}
        </Button>
      </div>
    </form>
  );
}
