import { lazy, Suspense, useEffect, useState } from 'react';

const OfflineKeeper = lazy(() => import('./offline-keeper'));

/** After the page has loaded and the browser is idle: first paint never waits for the worker or its texts. */
function whenSettled(run: () => void): () => void {
  let handle = 0;
  const idle = () => {
    handle = window.requestIdleCallback ? window.requestIdleCallback(run) : window.setTimeout(run, 1);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
  return () => {
    window.removeEventListener('load', idle);
    if (window.cancelIdleCallback) window.cancelIdleCallback(handle);
    window.clearTimeout(handle);
  };
}

/** The service worker and the offline page it answers with (decision 085), started once the page has settled. */
export function OfflineSupport() {
  const [started, setStarted] = useState(false);
  useEffect(() => whenSettled(() => setStarted(true)), []);
  if (!started) return null;
  return (
    <Suspense fallback={null}>
      <OfflineKeeper />
    </Suspense>
  );
}
