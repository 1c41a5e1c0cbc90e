import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api/errors';

/** What these components read of a TanStack Query mutation. */
interface MutationState {
  isError: boolean;
  error: unknown;
  isPending: boolean;
}

/** The mutation's error above a form, or nothing. */
export function MutationErrorAlert({ mutation, testId }: { mutation: MutationState; testId?: string }) {
  const { t } = useTranslation();
  return mutation.isError ? (
    <Alert severity="error" data-testid={testId}>
      {errorMessage(mutation.error, t('errors.generic'))}
    </Alert>
  ) : null;
}

interface FormButtonsProps {
  onCancel?: () => void;
  submitLabel: string;
  submitTestId: string;
  /** Disables the submit button (the mutation is pending). */
  busy: boolean;
}

/** "Cancel" (when there is somewhere to go back to) and the submit button. */
export function FormButtons({ onCancel, submitLabel, submitTestId, busy }: FormButtonsProps) {
  const { t } = useTranslation();
  return (
    <>
      {onCancel ? <Button onClick={onCancel}>{t('common.cancel')}</Button> : null}
      <Button type="submit" variant="contained" disabled={busy} data-testid={submitTestId}>
        {submitLabel}
      </Button>
    </>
  );
}

interface FormDialogProps {
  open?: boolean;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The dialog's `data-testid`. */
  testId: string;
  /** The title element's id (the dialog's accessible name). */
  titleId: string;
  title: ReactNode;
  /** The submitting mutation: its error shows above the fields, its pending state disables submit. */
  mutation: MutationState;
  submitLabel: string;
  submitTestId: string;
  errorTestId?: string;
  maxWidth?: 'xs' | 'sm' | 'md';
  /** Full screen on phones (default). */
  fullScreenOnPhones?: boolean;
  children: ReactNode;
}

/** A dialog around a form: title, the mutation's error, the fields in a column, Cancel and submit. */
export function FormDialog({
  open = true,
  onClose,
  onSubmit,
  testId,
  titleId,
  title,
  mutation,
  submitLabel,
  submitTestId,
  errorTestId,
  maxWidth = 'sm',
  fullScreenOnPhones = true,
  children,
}: FormDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth={maxWidth}
      fullScreen={fullScreenOnPhones && phone}
      data-testid={testId}
    >
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <MutationErrorAlert mutation={mutation} testId={errorTestId} />
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <FormButtons
            onCancel={onClose}
            submitLabel={submitLabel}
            submitTestId={submitTestId}
            busy={mutation.isPending}
          />
        </DialogActions>
      </form>
    </Dialog>
  );
}
