import { useEffect, useRef } from 'react';

/** Spread on a wizard step's heading: the element useStepFocus moves focus to. */
export const STEP_HEADING = { 'data-step-heading': '', tabIndex: -1 } as const;

/**
 * A wizard's next (or previous) step starts at the top like a new page, and a keyboard or screen
 * reader user lands on its heading instead of on a button that no longer means anything.
 * Not on the first render: opening the page keeps the browser's own focus.
 */
export function useStepFocus(step: unknown) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo({ top: 0, left: 0 });
    document.querySelector<HTMLElement>('[data-step-heading]')?.focus({ preventScroll: true });
  }, [step]);
}
