import { Clock } from 'lucide-react';
import { CANCEL_WINDOW_HOURS } from '@common/constants/platform';
import { farEnoughAhead } from '@common/rules/patient-change';
import { textsFor } from '../lib/i18n/areas';
import { AmberNotice } from './amber-notice';

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
    <AmberNotice
      icon={Clock}
      title={t('ui.changeWindow.title', { hours: CANCEL_WINDOW_HOURS })}
      detail={t('ui.changeWindow.body', { hours: CANCEL_WINDOW_HOURS })}
      testId="change-window-notice"
      className={className}
    />
  );
}
