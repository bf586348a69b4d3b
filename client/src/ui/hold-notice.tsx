import { Hourglass } from 'lucide-react';
import { useEffect, useState } from 'react';
import { PENDING_HOLD_MINUTES } from '@common/constants/platform';
import { holdMinutesLeft } from '@common/rules/hold';
import { cn } from '../lib/cn';
import { textsFor } from '../lib/i18n/areas';

const useT = textsFor('ui');

/** The clock of a hold's countdown: minutes are all it shows, so every 15 s is enough. */
function useMinuteClock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 15_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/**
 * An unpaid booking, said the same way everywhere (booking, checkout, My Appointments): held, not
 * booked, with the time left. No live region: a list of these must not speak every minute.
 */
export function HoldNotice({ createdAt, className }: { createdAt: string; className?: string }) {
  const t = useT();
  const left = holdMinutesLeft(createdAt, useMinuteClock());
  return (
    <div
      className={cn('flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm', className)}
      data-testid="hold-notice"
    >
      <Hourglass className="mt-0.5 h-4 w-4 shrink-0 text-amber-800" aria-hidden />
      <div>
        <p className="font-semibold text-amber-900">{t('ui.hold.title', { minutes: PENDING_HOLD_MINUTES })}</p>
        <p className="text-amber-900">{left <= 0 ? t('ui.hold.ended') : t('ui.hold.left', { minutes: left })}</p>
      </div>
    </div>
  );
}
