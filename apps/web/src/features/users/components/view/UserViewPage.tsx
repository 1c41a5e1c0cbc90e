import { Box, Card, CardContent, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadingScreen } from '../../../../components/ui/LoadingScreen';
import { ErrorState } from '../../../../components/ui/States';
import { useAppAbility } from '../../../../lib/abilities/useAppAbility';
import { isApiError } from '../../../../lib/api/errors';
import { useAuth } from '../../../../lib/auth/AuthProvider';
import { useUser } from '../../api/get-user';
import { ChangePasswordForm } from '../shared/ChangePasswordForm';
import { EditUserDialog } from './EditUserDialog';
import { MembershipsCard } from './MembershipsCard';
import { ProfileCard } from './ProfileCard';

/** /apps/user/view/{id} */
export function UserViewPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const userId = Number(id);
  const { user: me } = useAuth();
  const ability = useAppAbility();
  const query = useUser(userId);
  const [editing, setEditing] = useState(false);

  if (!Number.isInteger(userId) || userId <= 0 || (isApiError(query.error) && query.error.status === 404)) {
    return <ErrorState error={new Error(t('users.notFound'))} />;
  }
  if (query.isPending) return <LoadingScreen />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;

  const user = query.data.data;
  const own = me?.id === user.id;
  const canEdit = ability.can('update', 'userprofile');
  const canSetPassword = own || me?.role === 'super_admin';

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: '1fr', md: 'minmax(280px, 360px) 1fr' },
        alignItems: 'start',
      }}
    >
      <ProfileCard user={user} own={own} canEdit={canEdit} onEdit={() => setEditing(true)} />
      <Box sx={{ display: 'grid', gap: 3 }}>
        <MembershipsCard user={user} />
        {canSetPassword ? (
          <Card>
            <CardContent>
              <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
                {t('password.title')}
              </Typography>
              <ChangePasswordForm userId={user.id} own={own} />
            </CardContent>
          </Card>
        ) : null}
      </Box>
      <EditUserDialog user={user} open={editing} onClose={() => setEditing(false)} />
    </Box>
  );
}
