import { Box, Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
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
        {own ? (
          // The user menu's Account Settings opens this page (spec §4); the language, e-mail choices,
          // photo and API keys live on /pages/account-settings and /pages/api-key, reached from here.
          <Card data-testid="own-settings-card">
            <CardContent>
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                {t('users.ownSettings.title')}
              </Typography>
              <Typography color="text.secondary">{t('users.ownSettings.body')}</Typography>
            </CardContent>
            <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
              <Button component={RouterLink} to="/pages/account-settings" variant="contained">
                {t('users.ownSettings.open')}
              </Button>
              <Button component={RouterLink} to="/pages/api-key">
                {t('users.ownSettings.apiKeys')}
              </Button>
            </CardActions>
          </Card>
        ) : null}
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
