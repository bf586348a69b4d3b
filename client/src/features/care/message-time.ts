import { useFormats } from '../../lib/i18n/use-formats';
import { useWhen } from '../../lib/i18n/use-when';

/** "Today, 3:30 PM" within the viewer's day, else "Nov 24, 2026, 3:30 PM": in their zone and language. */
export function useMessageTime() {
  const when = useWhen();
  const f = useFormats();
  return (instant: string, now = new Date()) => {
    const day = when.near(instant, now) ?? when.compactDate(instant);
    return f.list([day, f.date(instant, 'time')]);
  };
}
