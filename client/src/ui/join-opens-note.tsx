import { Clock } from 'lucide-react';
import { JOIN_OPENS_MINUTES_BEFORE } from '@common/rules/join-window';
import { textsFor } from '../lib/i18n/areas';

const useT = textsFor('ui');

/** Where Join will be once its window opens, so its absence is explained on screen. */
export function JoinOpensNote({ label }: { label?: string }) {
  const t = useT();
  return (
    <p className="inline-flex items-center gap-1.5 text-sm text-muted" data-testid="join-opens-note">
      <Clock className="h-4 w-4" aria-hidden />
      {t('ui.joinOpens', { label: label ?? t('ui.join'), minutes: JOIN_OPENS_MINUTES_BEFORE })}
    </p>
  );
}
