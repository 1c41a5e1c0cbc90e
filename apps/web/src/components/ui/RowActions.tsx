import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import SendIcon from '@mui/icons-material/Send';
import { IconButton, Tooltip } from '@mui/material';
import type { UseMutationResult } from '@tanstack/react-query';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api/errors';
import { useToast } from './ToastProvider';

interface RowActionButtonProps {
  /** Tooltip text. */
  title: string;
  /** Accessible name, naming the row. */
  label: string;
  icon: ReactNode;
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
  /** A button that can be disabled sits in a span, so that its tooltip still shows. */
  disabled?: boolean;
  testId: string;
}

/** An icon button with a tooltip, for one row of a table or grid. */
export function RowActionButton({ title, label, icon, onClick, disabled, testId }: RowActionButtonProps) {
  const button = (
    <IconButton aria-label={label} disabled={disabled} onClick={onClick} data-testid={testId}>
      {icon}
    </IconButton>
  );
  return <Tooltip title={title}>{disabled === undefined ? button : <span>{button}</span>}</Tooltip>;
}

/** The row's "remove" (or "delete") button: a bin icon. */
export function RemoveRowButton({
  size = 'small',
  ...props
}: Omit<RowActionButtonProps, 'icon' | 'disabled'> & { size?: 'small' | 'medium' }) {
  return <RowActionButton {...props} icon={<DeleteIcon fontSize={size} />} />;
}

interface ResendInviteButtonProps<Id> {
  /** The resend mutation (members: a user id; roster: an entry id). */
  resend: UseMutationResult<{ message: string }, Error, Id>;
  id: Id;
  label: string;
  testId: string;
}

/** Resends a pending invitation, with a toast either way. */
export function ResendInviteButton<Id>({ resend, id, label, testId }: ResendInviteButtonProps<Id>) {
  const { t } = useTranslation();
  const toast = useToast();
  return (
    <RowActionButton
      title={t('users.resendInvite')}
      label={label}
      icon={<SendIcon fontSize="small" />}
      disabled={resend.isPending}
      onClick={() =>
        resend.mutate(id, {
          onSuccess: (res) => toast.success(res.message || t('users.inviteSent')),
          onError: (error) => toast.error(errorMessage(error, t('errors.generic'))),
        })
      }
      testId={testId}
    />
  );
}
