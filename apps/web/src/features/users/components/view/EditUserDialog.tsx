import type { UserDetail } from '@fc/contracts';
import { Dialog, DialogContent, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ProfileForm } from '../shared/ProfileForm';

export function EditUserDialog({ user, open, onClose }: { user: UserDetail; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="edit-user-title"
      fullWidth
      maxWidth="sm"
      data-testid="edit-user-dialog"
    >
      <DialogTitle id="edit-user-title">{t('users.editProfile')}</DialogTitle>
      <DialogContent>{open ? <ProfileForm user={user} onSaved={onClose} onCancel={onClose} /> : null}</DialogContent>
    </Dialog>
  );
}
