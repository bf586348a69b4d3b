import { textsFor } from '../../lib/i18n/areas';
import { Field, Input } from '../../ui/input';
import { ChipInput } from './chip-input';
import type { StepProps } from './step-props';

const useT = textsFor('builder');

const DEGREES = ['MD', 'MBBS', 'DO', 'MBChB', 'MBBCh', 'DM', 'PhD'];

export function EducationStep({ draft, set, errors }: StepProps) {
  const t = useT();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label={t('builder.education.degree')} error={errors.education} hint={t('builder.education.degreeHint')}>
        {(p) => (
          <>
            <Input
              {...p}
              list="degree-options"
              value={draft.education}
              onChange={(e) => set('education', e.target.value)}
            />
            <datalist id="degree-options">
              {DEGREES.map((d) => (
                <option key={d} value={d} />
              ))}
            </datalist>
          </>
        )}
      </Field>
      <Field label={t('builder.education.school')} error={errors.medicalSchool}>
        {(p) => <Input {...p} value={draft.medicalSchool} onChange={(e) => set('medicalSchool', e.target.value)} />}
      </Field>
      <Field label={t('builder.education.residency')} error={errors.residency}>
        {(p) => <Input {...p} value={draft.residency} onChange={(e) => set('residency', e.target.value)} />}
      </Field>
      <Field label={t('builder.education.license')} error={errors.licenseNumber}>
        {(p) => (
          <Input {...p} dir="ltr" value={draft.licenseNumber} onChange={(e) => set('licenseNumber', e.target.value)} />
        )}
      </Field>
      <div className="sm:col-span-2">
        <ChipInput
          label={t('builder.education.certifications')}
          items={draft.certifications}
          placeholder={t('builder.education.certificationsPlaceholder')}
          onChange={(v) => set('certifications', v)}
        />
      </div>
      <div className="sm:col-span-2">
        <ChipInput
          label={t('builder.education.fellowships')}
          items={draft.fellowships}
          placeholder={t('builder.education.fellowshipsPlaceholder')}
          onChange={(v) => set('fellowships', v)}
        />
      </div>
    </div>
  );
}
