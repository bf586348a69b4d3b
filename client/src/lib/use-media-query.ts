import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, following it as the window changes (false without a window). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Tailwind's `sm` breakpoint: at least this wide is not a phone. */
export const WIDER_THAN_PHONE = '(min-width: 640px)';
