import type { UserSummary } from '@fc/contracts';
import { useTranslation } from 'react-i18next';
import { ConfirmRemoveDialog } from '../../../../components/ui/ConfirmDialog';
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
  const mutation = useDeleteUser();
  const name = user ? `${user.firstName} ${user.lastName}` : '';
  return (
    <ConfirmRemoveDialog
      item={user}
      remove={mutation}
      title={t('users.deleteTitle')}
      message={t('users.deleteMessage', { name })}
      confirmLabel={t('common.delete')}
      doneMessage={t('users.deleted')}
      onClose={onClose}
      onDone={onDeleted}
    />
  );
}
