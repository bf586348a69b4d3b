import { INSURERS, PAYMENT_OPTIONS } from '@common/constants/lists';
import { Field, Input } from '../../ui/input';
import { ChipInput } from './chip-input';
import type { StepProps } from './step-props';

export function PracticeStep({ draft, set, errors }: StepProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <Field label="Office address" error={errors.officeAddress}>
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
      <Field label="Professional website" error={errors.website}>
        {(p) => (
          <Input
            {...p}
            type="url"
            placeholder="https://"
            value={draft.website}
            onChange={(e) => set('website', e.target.value)}
          />
        )}
      </Field>
      <Field label="LinkedIn profile" error={errors.linkedinProfile}>
        {(p) => (
          <Input
            {...p}
            type="url"
            placeholder="https://www.linkedin.com/in/…"
            value={draft.linkedinProfile}
            onChange={(e) => set('linkedinProfile', e.target.value)}
          />
        )}
      </Field>
      <div className="sm:col-span-2">
        <ChipInput
          label="Research interests"
          items={draft.researchInterests}
          placeholder="e.g. Preventive cardiology"
          onChange={(v) => set('researchInterests', v)}
        />
      </div>
      <div className="sm:col-span-2">
        <ChipInput
          label="Insurance plans accepted"
          items={draft.insuranceAccepted}
          placeholder="Add an insurance plan"
          quickAdd={INSURERS}
          onChange={(v) => set('insuranceAccepted', v)}
        />
      </div>
      <div className="sm:col-span-2">
        <ChipInput
          label="Payment options accepted"
          items={draft.paymentOptions}
          placeholder="Add a payment option"
          quickAdd={PAYMENT_OPTIONS}
          onChange={(v) => set('paymentOptions', v)}
        />
      </div>
    </div>
  );
}
