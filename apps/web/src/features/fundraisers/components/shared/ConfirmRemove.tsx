import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ui/ConfirmDialog';
import { useToast } from '../../../../components/ui/ToastProvider';
import { errorMessage } from '../../../../lib/api/errors';

interface ConfirmRemoveProps {
  /** The id to remove; the dialog is open while there is one. */
  id: number | null;
  remove: UseMutationResult<{ message: string }, Error, number>;
  title: string;
  message: string;
  confirmLabel: string;
  /** The success toast, in the UI language (the server's own sentence is English). */
  doneMessage: string;
  onClose: () => void;
  onDone?: () => void;
}

/** Confirms a removal, then removes with a toast either way; stays open on an error. */
export function ConfirmRemove({ id, remove, doneMessage, onClose, onDone, ...text }: ConfirmRemoveProps) {
  const { t } = useTranslation();
  const toast = useToast();
  return (
    <ConfirmDialog
      {...text}
      open={id !== null}
      busy={remove.isPending}
      onClose={onClose}
      onConfirm={() => {
        if (id === null) return;
        remove.mutate(id, {
          onSuccess: () => {
            toast.success(doneMessage);
            onClose();
            onDone?.();
          },
          onError: (error) => toast.error(errorMessage(error, t('errors.generic'))),
        });
      }}
    />
  );
}
