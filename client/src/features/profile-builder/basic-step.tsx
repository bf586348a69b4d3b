import { defaultTimeZone } from '@common/constants/country-time-zones';
import { PROFILE_COUNTRIES, PROFILE_LANGUAGES } from '@common/constants/lists';
import { PROFILE_SPECIALTIES } from '@common/constants/specialties';
import { Field, Input, Select, Textarea } from '../../ui/input';
import { TimeZoneSelect } from '../../ui/time-zone-select';
import { ChipInput } from './chip-input';
import type { StepProps } from './step-props';

/** Keep a stored value selectable even when it is not in today's list. */
const withCurrent = (list: readonly string[], current: string) =>
  current && !list.includes(current) ? [current, ...list] : list;

export function BasicStep({ draft, set, errors }: StepProps) {
  const handleCountry = (country: string) => {
    set('country', country);
    // The zone follows the country until the doctor picks another one.
    const zone = defaultTimeZone(country);
    if (zone) set('timeZone', zone);
  };

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label="Primary specialty *" error={errors.specialty}>
        {(p) => (
          <Select {...p} value={draft.specialty} onChange={(e) => set('specialty', e.target.value)}>
            <option value="">Select specialty</option>
            {withCurrent(PROFILE_SPECIALTIES, draft.specialty).map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Years of experience" error={errors.experience}>
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
      <Field label="Location / city *" error={errors.location}>
        {(p) => (
          <Input
            {...p}
            value={draft.location}
            placeholder="e.g. Lagos"
            onChange={(e) => set('location', e.target.value)}
          />
        )}
      </Field>
      <Field label="Country *" error={errors.country}>
        {(p) => (
          <Select {...p} value={draft.country} onChange={(e) => handleCountry(e.target.value)}>
            <option value="">Select country</option>
            {withCurrent(PROFILE_COUNTRIES, draft.country).map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field
        label="Practice time zone"
        error={errors.timeZone}
        hint="Your weekly hours are written in this zone; patients see your slots in their own."
      >
        {(p) => <TimeZoneSelect {...p} value={draft.timeZone} onChange={(zone) => set('timeZone', zone)} />}
      </Field>
      <div className="sm:col-span-2">
        <Field label="About you" error={errors.about}>
          {(p) => (
            <Textarea
              {...p}
              rows={4}
              value={draft.about}
              placeholder="Your approach to care, areas of focus…"
              onChange={(e) => set('about', e.target.value)}
            />
          )}
        </Field>
      </div>
      <div className="sm:col-span-2">
        <ChipInput
          label="Languages spoken"
          items={draft.languages}
          options={PROFILE_LANGUAGES}
          onChange={(v) => set('languages', v)}
        />
      </div>
    </div>
  );
}
