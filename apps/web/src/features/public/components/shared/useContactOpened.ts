import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { markOpened, TRACK_TOKEN } from '../../api/contact-opened';

/**
 * A contact arriving from an "invite to donate" email carries `?c=<token>`: tell the server once
 * per page view (it keeps only the first time). Failures are ignored: the visitor came to give,
 * not to be told about tracking.
 */
export function useContactOpened(slug: string | undefined, ready: boolean) {
  const [params] = useSearchParams();
  const c = params.get('c');
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!ready || !slug || !c || !TRACK_TOKEN.test(c)) return;
    const key = `${slug}|${c}`;
    if (sent.current === key) return;
    sent.current = key;
    markOpened(slug, c).catch(() => undefined);
  }, [ready, slug, c]);
}
