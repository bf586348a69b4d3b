import { MAX_CONSULTATION_FEE_CENTS, MIN_CONSULTATION_FEE_CENTS } from '@common/constants/platform';
import type { ClientMessageKey } from '@common/i18n/keys';
import { textsFor } from '../../lib/i18n/areas';
import { useFormats } from '../../lib/i18n/use-formats';
import { Field, Input } from '../../ui/input';
import type { Draft } from './draft';
import type { StepProps } from './step-props';

const useT = textsFor('builder');

const FEES: { key: keyof Pick<Draft, 'consultationFee' | 'phoneCallFee' | 'inPersonFee'>; label: ClientMessageKey }[] =
  [
    { key: 'consultationFee', label: 'builder.fees.video' },
    { key: 'phoneCallFee', label: 'builder.fees.phone' },
    { key: 'inPersonFee', label: 'builder.fees.inPerson' },
  ];

export function FeesStep({ draft, set, errors }: StepProps) {
  const t = useT();
  const { money } = useFormats();
  const hint = t('builder.fees.hint', {
    min: money(MIN_CONSULTATION_FEE_CENTS),
    max: money(MAX_CONSULTATION_FEE_CENTS),
  });
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      {FEES.map(({ key, label }) => (
        <Field key={key} label={t(label)} error={errors[key]} hint={hint}>
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
      <Field label={t('builder.fees.practiceYears')} error={errors.practiceYears}>
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
