import { MAX_CONSULTATION_FEE_CENTS, MIN_CONSULTATION_FEE_CENTS } from '@common/constants/platform';
import { Field, Input } from '../../ui/input';
import type { Draft } from './draft';
import type { StepProps } from './step-props';

const FEE_HINT = `Between $${MIN_CONSULTATION_FEE_CENTS / 100} and $${MAX_CONSULTATION_FEE_CENTS / 100}.`;
const FEES: { key: keyof Pick<Draft, 'consultationFee' | 'phoneCallFee' | 'inPersonFee'>; label: string }[] = [
  { key: 'consultationFee', label: 'Video consultation fee ($) *' },
  { key: 'phoneCallFee', label: 'Phone consultation fee ($)' },
  { key: 'inPersonFee', label: 'In-person consultation fee ($)' },
];

export function FeesStep({ draft, set, errors }: StepProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      {FEES.map(({ key, label }) => (
        <Field key={key} label={label} error={errors[key]} hint={FEE_HINT}>
          {(p) => (
            <Input
              {...p}
              type="number"
              inputMode="decimal"
              min={MIN_CONSULTATION_FEE_CENTS / 100}
              max={MAX_CONSULTATION_FEE_CENTS / 100}
              step="0.01"
              placeholder="150.00"
              value={draft[key]}
              onChange={(e) => set(key, e.target.value)}
            />
          )}
        </Field>
      ))}
      <Field label="Years in practice" error={errors.practiceYears}>
        {(p) => (
          <Input
            {...p}
            type="number"
            min={0}
            max={70}
            step={1}
            value={draft.practiceYears}
            onChange={(e) => set('practiceYears', e.target.value)}
          />
        )}
      </Field>
    </div>
  );
}
