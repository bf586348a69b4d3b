import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import {
  EMERGENCY_RELATION_LABEL,
  EMERGENCY_RELATIONS,
  GENDER_LABEL,
  GENDERS,
  PATIENT_LANGUAGES,
} from '@common/constants/patient-profile';
import type { PatientProfileFields } from '@common/schemas/patient-profile';
import { Field, Input, Select, Textarea } from '../../ui/input';

export const PATIENT_STEPS = ['Basic Information', 'Address & Emergency Contact', 'Medical Information'] as const;

/** Which step each field is on, so a submit with errors can go back to the first one. */
export const STEP_OF_FIELD: Record<keyof PatientProfileFields, number> = {
  dateOfBirth: 0,
  gender: 0,
  phoneNumber: 0,
  preferredLanguage: 0,
  address: 1,
  city: 1,
  state: 1,
  zipCode: 1,
  country: 1,
  emergencyContactName: 1,
  emergencyContactPhone: 1,
  emergencyContactRelation: 1,
  medicalHistory: 2,
  currentMedications: 2,
  allergies: 2,
};

type Props = {
  step: number;
  // The create and edit forms differ only in the terms field, which this component never renders.
  register: UseFormRegister<PatientProfileFields>;
  errors: FieldErrors<PatientProfileFields>;
};

/** One step's fields of the patient profile; the create form shows them a step at a time, the edit form all. */
export function PatientFields({ step, register: reg, errors }: Props) {
  if (step === 0) {
    return (
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Date of birth *" error={errors.dateOfBirth?.message}>
          {(p) => <Input {...p} type="date" min="1900-01-01" autoComplete="bday" {...reg('dateOfBirth')} />}
        </Field>
        <Field label="Gender *" error={errors.gender?.message}>
          {(p) => (
            <Select {...p} {...reg('gender')}>
              <option value="">Select gender</option>
              {GENDERS.map((g) => (
                <option key={g} value={g}>
                  {GENDER_LABEL[g]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Phone number *" error={errors.phoneNumber?.message}>
          {(p) => (
            <Input
              {...p}
              type="tel"
              autoComplete="tel"
              placeholder="With country code, e.g. +44 …"
              {...reg('phoneNumber')}
            />
          )}
        </Field>
        <Field label="Preferred language" error={errors.preferredLanguage?.message}>
          {(p) => (
            <Select {...p} {...reg('preferredLanguage')}>
              {PATIENT_LANGUAGES.map((l) => (
                <option key={l} value={l}>
                  {l}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
    );
  }
  if (step === 1) {
    return (
      <div className="flex flex-col gap-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <Field label="Address *" error={errors.address?.message}>
              {(p) => <Input {...p} autoComplete="street-address" {...reg('address')} />}
            </Field>
          </div>
          <Field label="City *" error={errors.city?.message}>
            {(p) => <Input {...p} autoComplete="address-level2" {...reg('city')} />}
          </Field>
          <Field label="State / Province" error={errors.state?.message}>
            {(p) => <Input {...p} autoComplete="address-level1" {...reg('state')} />}
          </Field>
          <Field label="ZIP / Postal code" error={errors.zipCode?.message}>
            {(p) => <Input {...p} autoComplete="postal-code" {...reg('zipCode')} />}
          </Field>
          <Field label="Country *" error={errors.country?.message}>
            {(p) => <Input {...p} autoComplete="country-name" {...reg('country')} />}
          </Field>
        </div>
        <fieldset className="grid gap-4 border-t border-line pt-4 sm:grid-cols-2">
          <legend className="pt-4 text-sm font-semibold text-ink">Emergency contact</legend>
          <Field label="Contact name *" error={errors.emergencyContactName?.message}>
            {(p) => <Input {...p} {...reg('emergencyContactName')} />}
          </Field>
          <Field label="Contact phone *" error={errors.emergencyContactPhone?.message}>
            {(p) => <Input {...p} type="tel" {...reg('emergencyContactPhone')} />}
          </Field>
          <Field label="Relationship *" error={errors.emergencyContactRelation?.message}>
            {(p) => (
              <Select {...p} {...reg('emergencyContactRelation')}>
                <option value="">Select relationship</option>
                {EMERGENCY_RELATIONS.map((r) => (
                  <option key={r} value={r}>
                    {EMERGENCY_RELATION_LABEL[r]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </fieldset>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted">
        Only you, the doctors you book and Medora administrators can see this. Every access by someone else is shown on
        your profile.
      </p>
      <Field label="Medical history" error={errors.medicalHistory?.message}>
        {(p) => <Textarea {...p} rows={3} placeholder="Past conditions, surgeries..." {...reg('medicalHistory')} />}
      </Field>
      <Field label="Current medications" error={errors.currentMedications?.message}>
        {(p) => <Textarea {...p} rows={3} {...reg('currentMedications')} />}
      </Field>
      <Field label="Allergies" error={errors.allergies?.message}>
        {(p) => <Textarea {...p} rows={2} {...reg('allergies')} />}
      </Field>
    </div>
  );
}
