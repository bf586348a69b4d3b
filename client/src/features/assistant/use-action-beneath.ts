import { useEffect, useState, type RefObject } from 'react';

// What a person may want to press or type in: if one lies under the launcher, the launcher steps aside.
const ACTIONS =
  'a[href], button, input, select, textarea, summary, [role="button"], [role="link"], [tabindex]:not([tabindex="-1"])';

/** Whether an action of the page lies under `spot` (its centre or near one of its corners). */
function actionBeneath(spot: HTMLElement): boolean {
  const rect = spot.getBoundingClientRect();
  if (rect.width === 0) return false;
  const inset = 6;
  const points: [number, number][] = [
    [rect.left + rect.width / 2, rect.top + rect.height / 2],
    [rect.left + inset, rect.top + inset],
    [rect.right - inset, rect.top + inset],
    [rect.left + inset, rect.bottom - inset],
    [rect.right - inset, rect.bottom - inset],
  ];
  return points.some(([x, y]) =>
    document.elementsFromPoint(x, y).some((element) => !spot.contains(element) && element.closest(ACTIONS) !== null),
  );
}

/**
 * Whether an action of the page lies under the launcher's place (`spot`, the element that keeps
 * that place whether the button is out or tucked away), checked once a frame at most while the page
 * scrolls, resizes or grows.
 */
export function useActionBeneath(spot: RefObject<HTMLElement | null>): boolean {
  const [beneath, setBeneath] = useState(false);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      if (spot.current) setBeneath(actionBeneath(spot.current));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    // Content that arrives or folds open moves actions under the button without any scrolling.
    const grown = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(schedule);
    grown?.observe(document.body);
    schedule();
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      grown?.disconnect();
    };
  }, [spot]);
  return beneath;
}
