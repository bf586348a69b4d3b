import { Clock } from 'lucide-react';
import { CANCEL_WINDOW_HOURS } from '@common/constants/platform';
import { farEnoughAhead } from '@common/rules/patient-change';
import { cn } from '../lib/cn';
import { textsFor } from '../lib/i18n/areas';

const useT = textsFor('ui');

/**
 * Said before booking and before paying, for a visit that starts within the change window: once
 * booked it can be neither moved nor refunded (the rule in common/rules/patient-change). Nothing
 * for a visit further ahead.
 */
export function ChangeWindowNotice({ startsAt, className }: { startsAt: string | Date; className?: string }) {
  const t = useT();
  if (farEnoughAhead(startsAt, new Date())) return null;
  return (
    <div
      className={cn('flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm', className)}
      data-testid="change-window-notice"
    >
      <Clock className="mt-0.5 h-4 w-4 shrink-0 text-amber-800" aria-hidden />
      <div>
        <p className="font-semibold text-amber-900">{t('ui.changeWindow.title', { hours: CANCEL_WINDOW_HOURS })}</p>
        <p className="text-amber-900">{t('ui.changeWindow.body', { hours: CANCEL_WINDOW_HOURS })}</p>
      </div>
    </div>
  );
}
