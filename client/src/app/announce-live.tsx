import { useEffect } from 'react';

/**
 * Tells the drawn page's loader (prerender/start-after-paint.js) that the app has taken the page
 * over, so what a visitor pressed or entered before that is made again now. It sits beside the
 * screen inside the screen's Suspense boundary, so it announces once the screen's own handlers are
 * in place too, not only the shell's.
 *
 * In a task of its own, after the effects: a pick made while the page hydrated is handled by React
 * at once, and its update waits until these effects have run. Made again from inside them, the
 * pick met the fields as they were before it, and React put the old value back (decision 114).
 */
export function AnnounceLive() {
  useEffect(() => {
    const announce = setTimeout(() => document.dispatchEvent(new Event('medora:live')));
    return () => clearTimeout(announce);
  }, []);
  return null;
}
