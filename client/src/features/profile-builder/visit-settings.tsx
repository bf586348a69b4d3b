import { HORIZON_MAX_DAYS, VISIT_LENGTHS } from '@common/constants/schedule';
import { Field, Input, Select } from '../../ui/input';
import type { ScheduleDraft } from './schedule-draft';

const KINDS = [
  { key: 'video', label: 'Video visit length' },
  { key: 'voice', label: 'Voice visit length' },
  { key: 'in_person', label: 'In-person visit length' },
] as const;
const BUFFERS = [0, 5, 10, 15, 20, 25, 30];
const NOTICES: { minutes: number; label: string }[] = [
  { minutes: 0, label: 'None' },
  { minutes: 30, label: '30 minutes' },
  { minutes: 60, label: '1 hour' },
  { minutes: 120, label: '2 hours' },
  { minutes: 240, label: '4 hours' },
  { minutes: 720, label: '12 hours' },
  { minutes: 1440, label: '1 day' },
  { minutes: 2880, label: '2 days' },
  { minutes: 10080, label: '7 days' },
  { minutes: 20160, label: '14 days' },
];

/** Visit lengths, the buffer after each visit, notice, how far ahead patients may book, and a daily cap. */
export function VisitSettings({
  value,
  onChange,
  errors,
}: {
  value: ScheduleDraft;
  onChange: (patch: Partial<ScheduleDraft>) => void;
  errors: Record<string, string>;
}) {
  const notices = NOTICES.some((n) => n.minutes === value.minNoticeMinutes)
    ? NOTICES
    : [...NOTICES, { minutes: value.minNoticeMinutes, label: `${value.minNoticeMinutes} minutes` }];
  return (
    <section aria-labelledby="visit-settings-title" className="flex flex-col gap-3">
      <h3 id="visit-settings-title" className="font-semibold text-ink">
        Visits
      </h3>
      <div className="grid gap-4 sm:grid-cols-3">
        {KINDS.map(({ key, label }) => (
          <Field key={key} label={label} error={errors[`visitMinutes.${key}`]}>
            {(p) => (
              <Select
                {...p}
                value={value.visitMinutes[key]}
                onChange={(e) => onChange({ visitMinutes: { ...value.visitMinutes, [key]: Number(e.target.value) } })}
              >
                {VISIT_LENGTHS.map((minutes) => (
                  <option key={minutes} value={minutes}>
                    {minutes} min
                  </option>
                ))}
              </Select>
            )}
          </Field>
        ))}
        <Field label="Break after each visit" error={errors.bufferMinutes}>
          {(p) => (
            <Select
              {...p}
              value={value.bufferMinutes}
              onChange={(e) => onChange({ bufferMinutes: Number(e.target.value) })}
            >
              {BUFFERS.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {minutes === 0 ? 'None' : `${minutes} min`}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Minimum notice" error={errors.minNoticeMinutes} hint="How soon before a visit patients can book.">
          {(p) => (
            <Select
              {...p}
              value={value.minNoticeMinutes}
              onChange={(e) => onChange({ minNoticeMinutes: Number(e.target.value) })}
            >
              {notices.map(({ minutes, label }) => (
                <option key={minutes} value={minutes}>
                  {label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Book up to (days ahead)" error={errors.horizonDays} hint={`At most ${HORIZON_MAX_DAYS} days.`}>
          {(p) => (
            <Input
              {...p}
              type="number"
              min={1}
              max={HORIZON_MAX_DAYS}
              step={1}
              value={value.horizonDays}
              onChange={(e) => onChange({ horizonDays: e.target.value === '' ? 0 : Number(e.target.value) })}
            />
          )}
        </Field>
        <Field label="Most visits a day" error={errors.dailyCap} hint="Leave empty for no limit.">
          {(p) => (
            <Input
              {...p}
              type="number"
              min={1}
              step={1}
              placeholder="No limit"
              value={value.dailyCap ?? ''}
              onChange={(e) => onChange({ dailyCap: e.target.value === '' ? null : Number(e.target.value) })}
            />
          )}
        </Field>
      </div>
    </section>
  );
}
