import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';

// Outside the gate (tests, a screen rendered alone) everything counts as painted.
const Painted = createContext(true);

/**
 * Holds back the parts of the first screen that are below the fold until the browser has painted
 * the rest: on a slow phone the heading and search show as soon as they are built, and the cards
 * under them are built afterwards in slices (a transition) instead of before anything shows.
 * One state for the whole app, so everything held back arrives in the same commit and nothing in
 * view moves twice.
 */
export function FirstPaintGate({ children }: { children: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame, then a task: the frame's paint happens between the two.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return <Painted.Provider value={painted}>{children}</Painted.Provider>;
}

/** Its children once the first screen has painted; `placeholder` until then. */
export function AfterFirstPaint({ children, placeholder = null }: { children: ReactNode; placeholder?: ReactNode }) {
  return useContext(Painted) ? children : placeholder;
}
