import { useEffect, useState } from 'react';

/**
 * The current time, renewed every `everyMs`: a screen left open shows Join when its window opens
 * and stops offering it when the visit is over, without a reload.
 */
export function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
