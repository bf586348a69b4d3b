import { Hourglass } from 'lucide-react';
import { useEffect, useState } from 'react';
import { holdOf, minutesLeftUntil, type SlotHold } from '@common/rules/hold';
import { textsFor } from '../lib/i18n/areas';
import { AmberNotice } from './amber-notice';

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
 * booked, with the time left. The hold is the one the server names (`slotHold`: a waitlist offer
 * ends sooner than a booking of one's own). No live region: a list of these must not speak every minute.
 */
export function HoldNotice({
  createdAt,
  slotHold,
  className,
}: {
  createdAt: string;
  slotHold?: SlotHold | null;
  className?: string;
}) {
  const t = useT();
  const hold = holdOf({ createdAt, slotHold });
  const left = minutesLeftUntil(hold.endsAt, useMinuteClock());
  return (
    <AmberNotice
      icon={Hourglass}
      title={t('ui.hold.title', { minutes: hold.minutes })}
      detail={left <= 0 ? t('ui.hold.ended') : t('ui.hold.left', { minutes: left })}
      testId="hold-notice"
      className={className}
    />
  );
}
