import { Field, Input } from '../../ui/input';
import { ChipInput } from './chip-input';
import type { StepProps } from './step-props';

const DEGREES = ['MD', 'MBBS', 'DO', 'MBChB', 'MBBCh', 'DM', 'PhD'];

export function EducationStep({ draft, set, errors }: StepProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label="Medical degree" error={errors.education} hint="e.g. MD or MBBS">
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
      <Field label="Medical school *" error={errors.medicalSchool}>
        {(p) => <Input {...p} value={draft.medicalSchool} onChange={(e) => set('medicalSchool', e.target.value)} />}
      </Field>
      <Field label="Residency program" error={errors.residency}>
        {(p) => <Input {...p} value={draft.residency} onChange={(e) => set('residency', e.target.value)} />}
      </Field>
      <Field label="Medical license number *" error={errors.licenseNumber}>
        {(p) => <Input {...p} value={draft.licenseNumber} onChange={(e) => set('licenseNumber', e.target.value)} />}
      </Field>
      <div className="sm:col-span-2">
        <ChipInput
          label="Board certifications"
          items={draft.certifications}
          placeholder="e.g. American Board of Internal Medicine"
          onChange={(v) => set('certifications', v)}
        />
      </div>
      <div className="sm:col-span-2">
        <ChipInput
          label="Fellowships and additional training"
          items={draft.fellowships}
          placeholder="e.g. Fellowship in Interventional Cardiology"
          onChange={(v) => set('fellowships', v)}
        />
      </div>
    </div>
  );
}
