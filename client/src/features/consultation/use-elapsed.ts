import { useEffect, useState } from 'react';

/** "mm:ss" from a number of seconds; minutes keep counting past 59. */
export function formatElapsed(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * Elapsed time since the server's start instant, corrected by the offset between the server's
 * clock and ours, so it survives a reload and a wrong client clock. Ticks every second.
 */
export function useElapsed(startedAt: string | null, endedAt: string | null, clockOffsetMs: number): string {
  const [now, setNow] = useState(() => Date.now());
  const running = Boolean(startedAt && !endedAt);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  if (!startedAt) return formatElapsed(0);
  const end = endedAt ? Date.parse(endedAt) : now + clockOffsetMs;
  return formatElapsed((end - Date.parse(startedAt)) / 1000);
}
