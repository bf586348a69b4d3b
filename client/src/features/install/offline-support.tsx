import { lazy, Suspense, useEffect, useState } from 'react';

const OfflineKeeper = lazy(() => import('./offline-keeper'));

// `load` comes before the first screen's own chunks and data (they load with the route), and the
// browser is idle while it waits for them: a pause after `load` keeps the worker, its texts and
// the keeper's chunk from competing with the first screen (Lighthouse showed them ahead of it).
const AFTER_LOAD_MS = 3000;

/** Once the page has loaded, settled and the browser is idle: the first screen never waits for the worker. */
function whenSettled(run: () => void): () => void {
  let timer = 0;
  let idle = 0;
  const later = () => {
    timer = window.setTimeout(() => {
      idle = window.requestIdleCallback ? window.requestIdleCallback(run) : window.setTimeout(run, 1);
    }, AFTER_LOAD_MS);
  };
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
  return () => {
    window.removeEventListener('load', later);
    window.clearTimeout(timer);
    if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
    window.clearTimeout(idle);
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
