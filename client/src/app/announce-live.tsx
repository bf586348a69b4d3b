import { useEffect } from 'react';

/**
 * Tells the drawn page's loader (prerender/start-after-paint.js) that the app has taken the page
 * over, so what a visitor pressed or entered before that is made again now. It sits beside the
 * screen inside the screen's Suspense boundary, so it announces once the screen's own handlers are
 * in place too, not only the shell's.
 */
export function AnnounceLive() {
  useEffect(() => {
    document.dispatchEvent(new Event('medora:live'));
  }, []);
  return null;
}
