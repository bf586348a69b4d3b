import { useId } from 'react';
import { PUBLISH_THRESHOLD } from '@common/rules/profile-completeness';
import { cn } from '../../lib/cn';
import { textsFor } from '../../lib/i18n/areas';
import { useFormats } from '../../lib/i18n/use-formats';

const useT = textsFor('builder');

export function CompletenessBar({ value }: { value: number }) {
  const ready = value >= PUBLISH_THRESHOLD;
  const labelId = useId();
  const t = useT();
  const { number } = useFormats();
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between text-sm">
        <span id={labelId} className="font-medium text-ink">
          {t('builder.completeness.label')}
        </span>
        <span className={cn('font-semibold', ready ? 'text-success' : 'text-warning')}>
          {number(value / 100, { style: 'percent' })}
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        className="h-2.5 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={cn('h-full rounded-full transition-all', ready ? 'bg-success' : 'bg-brand-600')}
          style={{ width: `${value}%` }}
        />
      </div>
      {!ready && (
        <p className="text-xs text-muted">{t('builder.completeness.reach', { threshold: PUBLISH_THRESHOLD })}</p>
      )}
    </div>
  );
}
