import { CONSULTATION_TYPE_OPTIONS } from '@common/constants/consultation-types';
import { APPOINTMENT_STATUSES } from '@common/constants/statuses';
import { cn } from '../../lib/cn';
import { Field, Select } from '../../ui/input';
import type { BookFilters } from './api';

const STATUS_LABELS: Record<(typeof APPOINTMENT_STATUSES)[number], string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  scheduled: 'Scheduled',
  completed: 'Completed',
  cancelled: 'Cancelled',
  'no-show': 'No-show',
};

const WHEN = [
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'past', label: 'Past' },
] as const;

export function BookFiltersBar({
  filters,
  onChange,
}: {
  filters: BookFilters;
  onChange: (next: Partial<BookFilters>) => void;
}) {
  return (
    <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
      <div role="group" aria-label="Which appointments" className="inline-flex self-start rounded-lg bg-slate-100 p-1">
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
            {w.label}
          </button>
        ))}
      </div>
      <div className="grid grid-cols-2 gap-3 md:w-96">
        <Field label="Status">
          {(props) => (
            <Select
              {...props}
              value={filters.status}
              onChange={(e) => onChange({ status: e.target.value as BookFilters['status'] })}
            >
              <option value="">All statuses</option>
              {APPOINTMENT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Type">
          {(props) => (
            <Select
              {...props}
              value={filters.type}
              onChange={(e) => onChange({ type: e.target.value as BookFilters['type'] })}
            >
              <option value="">All types</option>
              {CONSULTATION_TYPE_OPTIONS.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
    </div>
  );
}
