import { useCallback, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The address's query (`?q=&status=…`) and a stable way to change some of its keys, replacing the
 * history entry (a filter, a tab or a search is kept for a link, a reload or "back").
 *
 * A change applies to the latest address, including one made a moment before whose render has not
 * happened yet. React Router renders a navigation as a transition, so an urgent event that comes
 * right after (typing in the search just after a click on a filter) would otherwise build its
 * address from the one before the click, and undo the click.
 */
export function useAddressParams() {
  const [params, setParams] = useSearchParams();
  const seen = useRef(params);
  const latest = useRef(params);
  if (seen.current !== params) {
    // A navigation was rendered (the hook gives a new object for a new address only).
    seen.current = params;
    latest.current = params;
  }
  const set = useRef(setParams);
  set.current = setParams;
  const update = useCallback((change: (next: URLSearchParams) => void) => {
    const next = new URLSearchParams(latest.current);
    change(next);
    latest.current = next;
    set.current(next, { replace: true });
  }, []);
  return [params, update] as const;
}
