import { COUNTRIES, defaultTimeZone } from '@common/constants/countries';
import { PROFILE_LANGUAGES } from '@common/constants/lists';
import { PROFILE_SPECIALTIES } from '@common/constants/specialties';
import { textsFor } from '../../lib/i18n/areas';
import { pickList } from '../../lib/i18n/pick-list';
import { useFormats } from '../../lib/i18n/use-formats';
import { Field, Input, Select, Textarea } from '../../ui/input';
import { TimeZoneSelect } from '../../ui/time-zone-select';
import { ChipInput } from './chip-input';
import type { StepProps } from './step-props';

const useT = textsFor('builder');

export function BasicStep({ draft, set, errors }: StepProps) {
  const t = useT();
  const { specialty, country, spokenLanguage: languageName, language } = useFormats();
  const handleCountry = (picked: string) => {
    set('country', picked);
    // The zone follows the country until the doctor picks another one.
    const zone = defaultTimeZone(picked);
    if (zone) set('timeZone', zone);
  };

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label={t('builder.basic.specialty')} error={errors.specialty}>
        {(p) => (
          <Select {...p} value={draft.specialty} onChange={(e) => set('specialty', e.target.value)}>
            <option value="">{t('builder.basic.selectSpecialty')}</option>
            {pickList(PROFILE_SPECIALTIES, specialty, language, draft.specialty).map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={t('builder.basic.experience')} error={errors.experience}>
        {(p) => (
          <Input
            {...p}
            type="number"
            min={0}
            max={70}
            step={1}
            inputMode="numeric"
            value={draft.experience}
            onChange={(e) => set('experience', e.target.value)}
          />
        )}
      </Field>
      <Field label={t('builder.basic.location')} error={errors.location}>
        {(p) => (
          <Input
            {...p}
            value={draft.location}
            placeholder={t('builder.basic.locationPlaceholder')}
            onChange={(e) => set('location', e.target.value)}
          />
        )}
      </Field>
      <Field label={t('builder.basic.country')} error={errors.country}>
        {(p) => (
          <Select {...p} value={draft.country} onChange={(e) => handleCountry(e.target.value)}>
            <option value="">{t('builder.basic.selectCountry')}</option>
            {pickList(COUNTRIES, country, language, draft.country).map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={t('builder.basic.timeZone')} error={errors.timeZone} hint={t('builder.basic.timeZoneHint')}>
        {(p) => <TimeZoneSelect {...p} value={draft.timeZone} onChange={(zone) => set('timeZone', zone)} />}
      </Field>
      <div className="sm:col-span-2">
        <Field label={t('builder.basic.about')} error={errors.about}>
          {(p) => (
            <Textarea
              // A doctor may write in another language than the page's: the text takes its own direction
              // (an empty box keeps the page's, where an "auto" one would turn left to right).
              dir={draft.about ? 'auto' : undefined}
              {...p}
              rows={4}
              value={draft.about}
              placeholder={t('builder.basic.aboutPlaceholder')}
              onChange={(e) => set('about', e.target.value)}
            />
          )}
        </Field>
      </div>
      <div className="sm:col-span-2">
        <ChipInput
          label={t('builder.basic.languages')}
          items={draft.languages}
          options={PROFILE_LANGUAGES}
          display={languageName}
          onChange={(v) => set('languages', v)}
        />
      </div>
    </div>
  );
}
