import { CONSULTATION_TYPE_VALUES } from '@common/constants/consultation-types';
import { APPOINTMENT_STATUSES } from '@common/constants/statuses';
import type { ClientMessageKey } from '@common/i18n/keys';
import { cn } from '../../lib/cn';
import { textsFor } from '../../lib/i18n/areas';
import { TYPE_LABEL } from '../../ui/consultation-type-labels';
import { Field, Select } from '../../ui/input';
import type { BookFilters } from './api';

const useT = textsFor('visits', 'ui');

const STATUS_LABELS: Record<(typeof APPOINTMENT_STATUSES)[number], ClientMessageKey> = {
  pending: 'visits.filter.pending',
  confirmed: 'visits.status.confirmed',
  scheduled: 'visits.status.scheduled',
  completed: 'visits.status.completed',
  cancelled: 'visits.status.cancelled',
  'no-show': 'visits.status.noShow',
};

const WHEN = [
  { value: 'upcoming', label: 'visits.filter.upcoming' },
  { value: 'past', label: 'visits.filter.past' },
] as const satisfies readonly { value: string; label: ClientMessageKey }[];

export function BookFiltersBar({
  filters,
  onChange,
}: {
  filters: BookFilters;
  onChange: (next: Partial<BookFilters>) => void;
}) {
  const t = useT();
  return (
    <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
      <div
        role="group"
        aria-label={t('visits.filter.which')}
        className="inline-flex self-start rounded-lg bg-slate-100 p-1"
      >
        {WHEN.map((w) => (
          <button
            key={w.value}
            type="button"
            aria-pressed={filters.when === w.value}
            onClick={() => onChange({ when: w.value })}
            className={cn(
              'rounded-md px-4 py-1.5 text-sm font-medium',
              filters.when === w.value ? 'bg-white text-ink shadow-sm' : 'text-muted hover:text-ink',
            )}
          >
            {t(w.label)}
          </button>
        ))}
      </div>
      <div className="grid grid-cols-2 gap-3 md:w-96">
        <Field label={t('visits.filter.status')}>
          {(props) => (
            <Select
              {...props}
              value={filters.status}
              onChange={(e) => onChange({ status: e.target.value as BookFilters['status'] })}
            >
              <option value="">{t('visits.filter.allStatuses')}</option>
              {APPOINTMENT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(STATUS_LABELS[s])}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('visits.filter.type')}>
          {(props) => (
            <Select
              {...props}
              value={filters.type}
              onChange={(e) => onChange({ type: e.target.value as BookFilters['type'] })}
            >
              <option value="">{t('visits.filter.allTypes')}</option>
              {CONSULTATION_TYPE_VALUES.map((type) => (
                <option key={type} value={type}>
                  {t(TYPE_LABEL[type])}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
    </div>
  );
}
