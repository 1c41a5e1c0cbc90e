import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useMemo, useState } from 'react';
import type { Severity, Toast } from './ToastView';

// The snackbar's code loads with the first toast: most page views never show one.
const ToastView = lazy(() => import('./ToastView').then((m) => ({ default: m.ToastView })));

interface ToastApi {
  success: (message: string) => void;
  error: (message: string) => void;
  info: (message: string) => void;
}

const ToastContext = createContext<ToastApi | null>(null);
let nextId = 1;

/**
 * Toasts in the top-right corner (spec §9), one at a time, below the top bar so they never hide
 * its buttons. A new message replaces a success or info message still showing (it is stale by
 * then); errors stay queued until read or timed out.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Toast[]>([]);
  const [shown, setShown] = useState(false);
  const current = queue[0];
  if (current && !shown) setShown(true);

  const push = useCallback((severity: Severity, message: string) => {
    setQueue((q) => [...q.filter((t) => t.severity === 'error'), { id: nextId++, message, severity }]);
  }, []);
  const api = useMemo<ToastApi>(
    () => ({
      success: (m) => push('success', m),
      error: (m) => push('error', m),
      info: (m) => push('info', m),
    }),
    [push],
  );
  const close = (_event?: unknown, reason?: string) => {
    if (reason === 'clickaway') return;
    setQueue((q) => q.slice(1));
  };

  return (
    <ToastContext.Provider value={api}>
      {children}
      {shown ? (
        <Suspense fallback={null}>
          <ToastView current={current} onClose={close} />
        </Suspense>
      ) : null}
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast must be used inside ToastProvider');
  return ctx;
}
