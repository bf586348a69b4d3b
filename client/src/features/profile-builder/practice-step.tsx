import { INSURERS, PAYMENT_OPTIONS } from '@common/constants/lists';
import { textsFor } from '../../lib/i18n/areas';
import { Field, Input } from '../../ui/input';
import { ChipInput } from './chip-input';
import type { StepProps } from './step-props';

const useT = textsFor('builder');

// Addresses read left to right in every language; the placeholders are their start, not words.
const URL_START = 'https://';
const LINKEDIN_START = 'https://www.linkedin.com/in/…';

export function PracticeStep({ draft, set, errors }: StepProps) {
  const t = useT();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <Field label={t('builder.practice.address')} error={errors.officeAddress}>
          {(p) => (
            <Input
              {...p}
              autoComplete="street-address"
              value={draft.officeAddress}
              onChange={(e) => set('officeAddress', e.target.value)}
            />
          )}
        </Field>
      </div>
      <Field label={t('builder.practice.website')} error={errors.website}>
        {(p) => (
          <Input
            {...p}
            type="url"
            dir="ltr"
            placeholder={URL_START}
            value={draft.website}
            onChange={(e) => set('website', e.target.value)}
          />
        )}
      </Field>
      <Field label={t('builder.practice.linkedin')} error={errors.linkedinProfile}>
        {(p) => (
          <Input
            {...p}
            type="url"
            dir="ltr"
            placeholder={LINKEDIN_START}
            value={draft.linkedinProfile}
            onChange={(e) => set('linkedinProfile', e.target.value)}
          />
        )}
      </Field>
      <div className="sm:col-span-2">
        <ChipInput
          label={t('builder.practice.research')}
          items={draft.researchInterests}
          placeholder={t('builder.practice.researchPlaceholder')}
          onChange={(v) => set('researchInterests', v)}
        />
      </div>
      <div className="sm:col-span-2">
        <ChipInput
          label={t('builder.practice.insurance')}
          items={draft.insuranceAccepted}
          placeholder={t('builder.practice.insurancePlaceholder')}
          quickAdd={INSURERS}
          onChange={(v) => set('insuranceAccepted', v)}
        />
      </div>
      <div className="sm:col-span-2">
        <ChipInput
          label={t('builder.practice.payment')}
          items={draft.paymentOptions}
          placeholder={t('builder.practice.paymentPlaceholder')}
          quickAdd={PAYMENT_OPTIONS}
          onChange={(v) => set('paymentOptions', v)}
        />
      </div>
    </div>
  );
}
