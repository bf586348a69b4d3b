import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { EMERGENCY_RELATIONS, GENDERS, PATIENT_LANGUAGES } from '@common/constants/patient-profile';
import type { ClientMessageKey } from '@common/i18n/keys';
import type { PatientProfileFields } from '@common/schemas/patient-profile';
import { textsFor } from '../../lib/i18n/areas';
import { Field, Input, Select, Textarea } from '../../ui/input';

const useT = textsFor('account');

/** The steps' titles, in order. */
export const PATIENT_STEPS: readonly ClientMessageKey[] = [
  'account.patient.step.basic',
  'account.patient.step.address',
  'account.patient.step.medical',
];

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
  /** A family member's profile: their date of birth is on the member, not in this form. */
  withoutDateOfBirth?: boolean;
};

/** One step's fields of the patient profile; the create form shows them a step at a time, the edit form all. */
export function PatientFields({ step, register: reg, errors, withoutDateOfBirth = false }: Props) {
  const t = useT();
  if (step === 0) {
    return (
      <div className="grid gap-4 sm:grid-cols-2">
        {!withoutDateOfBirth && (
          <Field label={t('account.patient.dateOfBirth')} error={errors.dateOfBirth?.message}>
            {(p) => <Input {...p} type="date" min="1900-01-01" autoComplete="bday" {...reg('dateOfBirth')} />}
          </Field>
        )}
        <Field label={t('account.patient.gender')} error={errors.gender?.message}>
          {(p) => (
            <Select {...p} {...reg('gender')}>
              <option value="">{t('account.patient.selectGender')}</option>
              {GENDERS.map((g) => (
                <option key={g} value={g}>
                  {t(`account.patient.gender.${g}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('account.patient.phone')} error={errors.phoneNumber?.message}>
          {(p) => (
            <Input
              {...p}
              type="tel"
              // A number reads left to right in every language; the Arabic hint before it is typed does not.
              dir="ltr"
              className="rtl:placeholder-shown:[direction:rtl]"
              autoComplete="tel"
              placeholder={t('account.patient.phonePlaceholder')}
              {...reg('phoneNumber')}
            />
          )}
        </Field>
        <Field label={t('account.patient.preferredLanguage')} error={errors.preferredLanguage?.message}>
          {(p) => (
            <Select {...p} {...reg('preferredLanguage')}>
              {PATIENT_LANGUAGES.map((l) => (
                <option key={l} value={l}>
                  {t(`account.patient.language.${l}`)}
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
            <Field label={t('account.patient.address')} error={errors.address?.message}>
              {(p) => <Input {...p} autoComplete="street-address" {...reg('address')} />}
            </Field>
          </div>
          <Field label={t('account.patient.city')} error={errors.city?.message}>
            {(p) => <Input {...p} autoComplete="address-level2" {...reg('city')} />}
          </Field>
          <Field label={t('account.patient.state')} error={errors.state?.message}>
            {(p) => <Input {...p} autoComplete="address-level1" {...reg('state')} />}
          </Field>
          <Field label={t('account.patient.zip')} error={errors.zipCode?.message}>
            {(p) => <Input {...p} autoComplete="postal-code" {...reg('zipCode')} />}
          </Field>
          <Field label={t('account.patient.country')} error={errors.country?.message}>
            {(p) => <Input {...p} autoComplete="country-name" {...reg('country')} />}
          </Field>
        </div>
        <fieldset className="grid gap-4 border-t border-line pt-4 sm:grid-cols-2">
          <legend className="pt-4 text-sm font-semibold text-ink">{t('account.patient.emergencyContact')}</legend>
          <Field label={t('account.patient.contactName')} error={errors.emergencyContactName?.message}>
            {(p) => <Input {...p} {...reg('emergencyContactName')} />}
          </Field>
          <Field label={t('account.patient.contactPhone')} error={errors.emergencyContactPhone?.message}>
            {(p) => <Input {...p} type="tel" dir="ltr" {...reg('emergencyContactPhone')} />}
          </Field>
          <Field label={t('account.patient.relationship')} error={errors.emergencyContactRelation?.message}>
            {(p) => (
              <Select {...p} {...reg('emergencyContactRelation')}>
                <option value="">{t('account.patient.selectRelationship')}</option>
                {EMERGENCY_RELATIONS.map((r) => (
                  <option key={r} value={r}>
                    {t(`account.patient.relation.${r}`)}
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
      <p className="text-sm text-muted">{t('account.patient.medicalPrivacy')}</p>
      <Field label={t('account.patient.medicalHistory')} error={errors.medicalHistory?.message}>
        {(p) => (
          <Textarea
            {...p}
            rows={3}
            placeholder={t('account.patient.medicalHistoryPlaceholder')}
            {...reg('medicalHistory')}
          />
        )}
      </Field>
      <Field label={t('account.patient.medications')} error={errors.currentMedications?.message}>
        {(p) => <Textarea {...p} rows={3} {...reg('currentMedications')} />}
      </Field>
      <Field label={t('account.patient.allergies')} error={errors.allergies?.message}>
        {(p) => <Textarea {...p} rows={2} {...reg('allergies')} />}
      </Field>
    </div>
  );
}
