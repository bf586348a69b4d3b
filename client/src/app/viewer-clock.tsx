import { Fragment, useEffect, useRef, type ReactNode } from 'react';
import { browserTimeZone, regionOf, setViewer } from '@common/rules/display-time';
import { useSetTimeZone } from '../features/account/time-zone-api';
import { useCurrentUser } from '../lib/current-user';

/**
 * Every screen reads the signed-in person's clock: their account's zone (else the browser's) and
 * their region's date order. The formatters read it from display-time, so screens need no prop;
 * the pages below are keyed by the zone, so a change on /profile redraws all of them.
 */
export function ViewerClock({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  // Set while rendering, before any page below formats a time; the same value every render.
  setViewer({
    timeZone: user?.timeZone ?? null,
    region: regionOf(typeof navigator === 'undefined' ? undefined : navigator.language),
  });
  useDetectedZone(user ? { id: user.id, timeZone: user.timeZone } : null);
  // Keyed by the account's zone, not by asking the browser: the first question to the browser's
  // date data costs a phone about 120 ms, and the first screen need not pay it before it paints.
  return <Fragment key={user?.timeZone ?? ''}>{children}</Fragment>;
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
