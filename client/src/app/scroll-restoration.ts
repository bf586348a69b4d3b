import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * What React Router's <ScrollRestoration> does for data routers, for our declarative router: a new
 * page starts at the top; Back and Forward return to where that page was left. A change of the
 * query alone (filters, tabs kept in the URL) keeps the position, and so does a link to an anchor.
 */
const STORAGE_KEY = 'medora:scroll-positions';
/** A page coming back may still be loading its chunk or data; it gets this long to grow tall enough. */
const RESTORE_FOR_MS = 1500;

function savedPositions(): Record<string, number> {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return saved && typeof saved === 'object' ? (saved as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/**
 * Positions an earlier document of this tab saved: a reload or Back/Forward into the page needs
 * them, a page opened afresh cannot. Chromium reads the tab's storage from its storage process on
 * the first access, 22 ms on this machine and four times that on a slow phone, and this runs
 * before the first paint; a fresh load starts empty and merges with what was saved when it leaves.
 */
function positionsAtLoad(): Record<string, number> {
  const [entry] = (performance.getEntriesByType?.('navigation') ?? []) as PerformanceNavigationTiming[];
  return entry?.type === 'navigate' ? {} : savedPositions();
}

/** Scrolls to `y` once the page can, unless the person scrolls first; returns a cancel. */
function restore(y: number): () => void {
  const until = Date.now() + RESTORE_FOR_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    clearTimeout(timer);
    for (const type of ['wheel', 'touchstart', 'keydown'] as const) window.removeEventListener(type, stop);
  };
  const attempt = () => {
    window.scrollTo(0, y);
    if (Math.abs(window.scrollY - y) < 2 || Date.now() > until) return stop();
    timer = setTimeout(attempt, 50);
  };
  for (const type of ['wheel', 'touchstart', 'keydown'] as const)
    window.addEventListener(type, stop, { passive: true });
  attempt();
  return stop;
}

export function useScrollRestoration() {
  const { key: entryKey, pathname, search, hash } = useLocation();
  const navigationType = useNavigationType();
  // A page loaded from the address bar has the key "default" whatever its path: the path tells them apart.
  const key = `${entryKey} ${pathname}${search}`;
  const positions = useRef<Record<string, number> | null>(null);
  const currentKey = useRef(key);
  const lastPath = useRef<string | null>(null);

  useEffect(() => {
    positions.current ??= positionsAtLoad();
    const previous = history.scrollRestoration;
    history.scrollRestoration = 'manual';
    const save = () => {
      positions.current![currentKey.current] = window.scrollY;
    };
    // Kept for a reload or a visit to another site and back within the tab.
    const persist = () => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ ...savedPositions(), ...positions.current }));
      } catch {
        // Storage full or refused: positions still work until the page unloads.
      }
    };
    window.addEventListener('scroll', save, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', save);
      window.removeEventListener('pagehide', persist);
      history.scrollRestoration = previous;
    };
  }, []);

  useLayoutEffect(() => {
    positions.current ??= positionsAtLoad();
    // Switch first: the new page's DOM may already have clamped the scroll of the old one.
    currentKey.current = key;
    const previousPath = lastPath.current;
    lastPath.current = pathname;
    if (navigationType === 'POP') {
      const y = positions.current[key];
      return y === undefined ? undefined : restore(y);
    }
    if (previousPath === null || previousPath === pathname || hash) return;
    window.scrollTo(0, 0);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per history entry
  }, [key]);
}
