import { textsFor } from '../../lib/i18n/areas';
import { Skeleton } from '../../ui/spinner';
import type { ScheduleDraft } from './schedule-draft';
import { VisitSettings } from './visit-settings';
import { WeeklyHoursEditor } from './weekly-hours-editor';
import type { Weekday } from '@common/constants/schedule';

const useT = textsFor('builder');

export type ScheduleErrors = { days: Partial<Record<Weekday, string>>; fields: Record<string, string> };

/** The availability half of "Fees & Availability": the week, then the visit rules. Saved with the draft. */
export function ScheduleSection({
  schedule,
  isError,
  onChange,
  errors,
  timeZone,
}: {
  schedule: ScheduleDraft | null;
  isError: boolean;
  onChange: (next: ScheduleDraft) => void;
  errors: ScheduleErrors;
  timeZone: string;
}) {
  const t = useT();
  if (isError)
    return (
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        {t('builder.schedule.loadFailed')}
      </p>
    );
  if (!schedule)
    return (
      <div aria-busy="true" className="flex flex-col gap-2">
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-72 w-full" />
      </div>
    );
  return (
    <div className="flex flex-col gap-6 border-t border-line pt-6">
      <WeeklyHoursEditor
        value={schedule.weekly}
        onChange={(weekly) => onChange({ ...schedule, weekly })}
        errors={errors.days}
        timeZone={timeZone}
      />
      <VisitSettings
        value={schedule}
        onChange={(patch) => onChange({ ...schedule, ...patch })}
        errors={errors.fields}
      />
    </div>
  );
}
