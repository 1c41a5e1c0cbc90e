import type { UserSummary } from '@fc/contracts';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ui/ConfirmDialog';
import { useToast } from '../../../../components/ui/ToastProvider';
import { errorMessage } from '../../../../lib/api/errors';
import { useDeleteUser } from '../../api/delete-user';

export function DeleteUserDialog({
  user,
  onClose,
  onDeleted,
}: {
  user: UserSummary | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const mutation = useDeleteUser();
  const name = user ? `${user.firstName} ${user.lastName}` : '';
  return (
    <ConfirmDialog
      open={Boolean(user)}
      title={t('users.deleteTitle')}
      message={t('users.deleteMessage', { name })}
      confirmLabel={t('common.delete')}
      busy={mutation.isPending}
      onClose={onClose}
      onConfirm={() => {
        if (!user) return;
        mutation.mutate(user.id, {
          onSuccess: (res) => {
            toast.success(res.message || t('users.deleted'));
            onClose();
            onDeleted?.();
          },
          onError: (error) => toast.error(errorMessage(error, t('errors.generic'))),
        });
      }}
    />
  );
}
