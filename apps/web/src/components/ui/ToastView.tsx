import { Alert, Snackbar } from '@mui/material';

export type Severity = 'success' | 'error' | 'info' | 'warning';
export interface Toast {
  id: number;
  message: string;
  severity: Severity;
}

/** The toast on screen (ToastProvider keeps the queue). */
export function ToastView({
  current,
  onClose,
}: {
  current: Toast | undefined;
  onClose: (event?: unknown, reason?: string) => void;
}) {
  return (
    <Snackbar
      key={current?.id}
      open={Boolean(current)}
      autoHideDuration={current?.severity === 'error' ? 8000 : 5000}
      onClose={onClose}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      sx={{ mt: { xs: 7, sm: 8 } }}
    >
      {current ? (
        <Alert onClose={onClose} severity={current.severity} variant="standard" elevation={6} data-testid="toast">
          {current.message}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
