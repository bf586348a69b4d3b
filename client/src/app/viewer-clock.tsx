import { Fragment, useEffect, useRef, type ReactNode } from 'react';
import { browserTimeZone, regionOf, setViewer } from '@common/rules/display-time';
import { useSetTimeZone } from '../features/account/time-zone-api';
import { useCurrentUser } from '../lib/current-user';

/**
 * Every screen reads the signed-in person's clock: their account's zone (else the browser's) and
 * their region's date order. The formatters read it from display-time, so screens need no prop;
 * the pages below are keyed by the zone shown, so a change on /profile redraws all of them.
 */
export function ViewerClock({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  // Set while rendering, before any page below formats a time; the same value every render.
  setViewer({
    timeZone: user?.timeZone ?? null,
    region: regionOf(typeof navigator === 'undefined' ? undefined : navigator.language),
  });
  useDetectedZone(user ? { id: user.id, timeZone: user.timeZone } : null);
  return <Fragment key={useZoneGeneration(user?.timeZone ?? null)}>{children}</Fragment>;
}

/**
 * Moves when the zone times are shown in changes, so the pages redraw; not when an account without
 * a zone is given the browser's, which is the one already shown (keying by the account's value
 * remounted the page then, and a form opened on /profile closed under the person's click). The
 * browser is asked only on a change: its first question costs a phone about 120 ms, which the
 * first screen need not pay before it paints.
 */
function useZoneGeneration(zone: string | null): number {
  const seen = useRef({ zone, generation: 0 });
  if (zone !== seen.current.zone) {
    const shown = (z: string | null) => z ?? browserTimeZone();
    const moved = shown(zone) !== shown(seen.current.zone);
    // The same answer however often this render runs: it depends only on the two zones.
    seen.current = { zone, generation: seen.current.generation + (moved ? 1 : 0) };
  }
  return seen.current.generation;
}

/** An account without a zone (made before zones were kept, or by OpenID) takes the browser's at its first sign-in. */
function useDetectedZone(user: { id: string; timeZone: string | null } | null) {
  const save = useSetTimeZone();
  const asked = useRef<string | null>(null);
  const { mutate } = save;
  useEffect(() => {
    if (!user || user.timeZone !== null || asked.current === user.id) return;
    asked.current = user.id;
    mutate({ timeZone: browserTimeZone(), detected: true });
  }, [user, mutate]);
}
