import { useEffect, useRef } from 'react';

/**
 * Runs `action` once per mount with the link's token. One-time tokens must not be posted twice
 * (StrictMode runs effects twice in development; the ref survives that).
 */
export function useTokenOnce(token: string | null, action: (token: string) => void): void {
  const done = useRef(false);
  const latest = useRef(action);
  latest.current = action;
  useEffect(() => {
    if (!token || done.current) return;
    done.current = true;
    latest.current(token);
  }, [token]);
}
