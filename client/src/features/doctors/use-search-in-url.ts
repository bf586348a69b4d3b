import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { DoctorSearch } from '../../lib/doctor-search-query';
import { searchFromUrl, searchToUrl } from './search-params';

/**
 * The search as the URL holds it (what is fetched) and as the fields show it, and the change that
 * moves both.
 *
 * The router moves the URL in a transition. Until it commits, a field's value is the old one, and
 * after each event React puts the old value back into the element. A `change` that arrives then
 * reads the old value and undoes the pick. That happened on the drawn page (decision 114): a
 * pick's `input` event made React hydrate at once, the loader replayed the pick, React put the old
 * value back, and the pick's own `change` that followed cleared it. So the fields show a pick from
 * state set in the event itself, and the URL follows.
 */
export function useSearchInUrl() {
  const [params, setParams] = useSearchParams();
  // The searches picked here and not yet replaced by a move of the URL elsewhere (Back, a link).
  const [picks, setPicks] = useState<{ from: URLSearchParams; searches: string[] } | null>(null);
  const ours = picks !== null && (picks.from === params || picks.searches.includes(params.toString()));
  const last = ours ? picks.searches.at(-1)! : null;
  const shown = useMemo(() => (last === null ? params : new URLSearchParams(last)), [last, params]);

  // Merged into the search as last set, not as of the last render: a second pick made before the
  // page drew the first keeps both. A move elsewhere starts from the URL again.
  const latest = useRef(params);
  useEffect(() => {
    if (!ours) latest.current = params;
  }, [ours, params]);
  // Once the URL holds the last pick, the picks are done: Back to an earlier one is a move elsewhere.
  useEffect(() => {
    if (last === params.toString()) setPicks(null);
  }, [last, params]);

  const change = (fields: Partial<DoctorSearch>) => {
    const next = searchToUrl({ ...searchFromUrl(latest.current), ...fields });
    if (next.toString() === latest.current.toString()) return;
    latest.current = next;
    setPicks((was) =>
      was && ours
        ? { ...was, searches: [...was.searches, next.toString()] }
        : { from: params, searches: [next.toString()] },
    );
    setParams(next);
  };

  return {
    fetched: useMemo(() => searchFromUrl(params), [params]),
    shown: useMemo(() => searchFromUrl(shown), [shown]),
    change,
  };
}
