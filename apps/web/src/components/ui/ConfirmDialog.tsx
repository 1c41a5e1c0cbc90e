import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import type { UseMutationResult } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api/errors';
import { useToast } from './ToastProvider';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Confirmation before any destructive action. */
export function ConfirmDialog({ open, title, message, confirmLabel, busy, onConfirm, onClose }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={`${id}-t`}
      aria-describedby={`${id}-d`}
      data-testid="confirm-dialog"
    >
      <DialogTitle id={`${id}-t`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-d`}>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button onClick={onConfirm} color="error" variant="contained" disabled={busy} data-testid="confirm-button">
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

interface ConfirmRemoveDialogProps<T extends { id: number }> {
  /** The row to remove; the dialog is open while there is one. */
  item: T | null;
  /** The removing mutation, called with the row's id. */
  remove: UseMutationResult<{ message: string }, Error, number>;
  title: string;
  message: string;
  confirmLabel: string;
  /** The success toast when the server's answer has no message. */
  doneMessage: string;
  onClose: () => void;
  /** After a removal (the dialog closes first). */
  onDone?: () => void;
}

/** Confirms removing a row, then removes it with a toast either way; stays open on an error. */
export function ConfirmRemoveDialog<T extends { id: number }>({
  item,
  remove,
  doneMessage,
  onClose,
  onDone,
  ...text
}: ConfirmRemoveDialogProps<T>) {
  const { t } = useTranslation();
  const toast = useToast();
  return (
    <ConfirmDialog
      {...text}
      open={Boolean(item)}
      busy={remove.isPending}
      onClose={onClose}
      onConfirm={() => {
        if (!item) return;
        remove.mutate(item.id, {
          onSuccess: (res) => {
            toast.success(res.message || doneMessage);
            onClose();
            onDone?.();
          },
          onError: (error) => toast.error(errorMessage(error, t('errors.generic'))),
        });
      }}
    />
  );
}
