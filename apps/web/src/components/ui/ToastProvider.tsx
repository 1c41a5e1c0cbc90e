import { Alert, Snackbar } from '@mui/material';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

type Severity = 'success' | 'error' | 'info' | 'warning';
interface Toast {
  id: number;
  message: string;
  severity: Severity;
}
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
  const current = queue[0];

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
      <Snackbar
        key={current?.id}
        open={Boolean(current)}
        autoHideDuration={current?.severity === 'error' ? 8000 : 5000}
        onClose={close}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        sx={{ mt: { xs: 7, sm: 8 } }}
      >
        {current ? (
          <Alert onClose={close} severity={current.severity} variant="standard" elevation={6} data-testid="toast">
            {current.message}
          </Alert>
        ) : undefined}
      </Snackbar>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast must be used inside ToastProvider');
  return ctx;
}
