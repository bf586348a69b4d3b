import { HORIZON_MAX_DAYS, VISIT_LENGTHS } from '@common/constants/schedule';
import { textsFor } from '../../lib/i18n/areas';
import type { Translate } from '../../lib/i18n/use-t';
import { Field, Input, Select } from '../../ui/input';
import type { ScheduleDraft } from './schedule-draft';

const useT = textsFor('builder', 'fields');

const KINDS = [
  { key: 'video', label: 'builder.visits.video' },
  { key: 'voice', label: 'builder.visits.voice' },
  { key: 'in_person', label: 'builder.visits.inPerson' },
] as const;
const BUFFERS = [0, 5, 10, 15, 20, 25, 30];
const NOTICES = [0, 30, 60, 120, 240, 720, 1440, 2880, 10080, 20160];

/** A notice as people say it: "None", "30 minutes", "2 hours", "7 days". */
export function noticeText(minutes: number, t: Translate): string {
  if (minutes === 0) return t('builder.visits.none');
  if (minutes % 1440 === 0) return t('builder.visits.days', { count: minutes / 1440 });
  if (minutes % 60 === 0) return t('builder.visits.hours', { count: minutes / 60 });
  return t('builder.visits.minutes', { count: minutes });
}

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
  const t = useT();
  const notices = NOTICES.includes(value.minNoticeMinutes) ? NOTICES : [...NOTICES, value.minNoticeMinutes];
  return (
    <section aria-labelledby="visit-settings-title" className="flex flex-col gap-3">
      <h3 id="visit-settings-title" className="font-semibold text-ink">
        {t('builder.visits.title')}
      </h3>
      <div className="grid gap-4 sm:grid-cols-3">
        {KINDS.map(({ key, label }) => (
          <Field key={key} label={t(label)} error={errors[`visitMinutes.${key}`]}>
            {(p) => (
              <Select
                {...p}
                value={value.visitMinutes[key]}
                onChange={(e) => onChange({ visitMinutes: { ...value.visitMinutes, [key]: Number(e.target.value) } })}
              >
                {VISIT_LENGTHS.map((minutes) => (
                  <option key={minutes} value={minutes}>
                    {t('builder.visits.length', { count: minutes })}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        ))}
        <Field label={t('builder.visits.buffer')} error={errors.bufferMinutes}>
          {(p) => (
            <Select
              {...p}
              value={value.bufferMinutes}
              onChange={(e) => onChange({ bufferMinutes: Number(e.target.value) })}
            >
              {BUFFERS.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {minutes === 0 ? t('builder.visits.none') : t('builder.visits.length', { count: minutes })}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('builder.visits.notice')} error={errors.minNoticeMinutes} hint={t('builder.visits.noticeHint')}>
          {(p) => (
            <Select
              {...p}
              value={value.minNoticeMinutes}
              onChange={(e) => onChange({ minNoticeMinutes: Number(e.target.value) })}
            >
              {notices.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {noticeText(minutes, t)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          label={t('builder.visits.horizon')}
          error={errors.horizonDays}
          hint={t('builder.visits.horizonHint', { max: HORIZON_MAX_DAYS })}
        >
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
        <Field label={t('builder.visits.cap')} error={errors.dailyCap} hint={t('builder.visits.capHint')}>
          {(p) => (
            <Input
              {...p}
              type="number"
              min={1}
              step={1}
              placeholder={t('builder.visits.capPlaceholder')}
              value={value.dailyCap ?? ''}
              onChange={(e) => onChange({ dailyCap: e.target.value === '' ? null : Number(e.target.value) })}
            />
          )}
        </Field>
      </div>
    </section>
  );
}
