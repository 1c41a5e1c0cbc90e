import type { UserDetail } from '@fc/contracts';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import HighlightOffIcon from '@mui/icons-material/HighlightOff';
import { Avatar, Box, Button, Card, CardContent, Divider, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RoleChip, StatusChip } from '../../../../components/ui/Chips';
import { useToast } from '../../../../components/ui/ToastProvider';
import { errorMessage } from '../../../../lib/api/errors';
import { useResendInvite } from '../../api/resend-invite';
import { AvatarUpload } from '../shared/AvatarUpload';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, py: 0.5 }}>
      <Typography component="dt" sx={{ fontWeight: 600, minWidth: 130 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Box>
  );
}

interface ProfileCardProps {
  user: UserDetail;
  own: boolean;
  canEdit: boolean;
  onEdit: () => void;
}

export function ProfileCard({ user, own, canEdit, onEdit }: ProfileCardProps) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const resend = useResendInvite();
  const name = `${user.firstName} ${user.lastName}`;
  const lastLogin = user.lastLoginAt
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(user.lastLoginAt),
      )
    : t('common.never');

  return (
    <Card data-testid="profile-card">
      <CardContent>
        <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
          {own || canEdit ? (
            <AvatarUpload userId={user.id} name={name} avatar={user.avatar} own={own} />
          ) : (
            <Avatar src={user.avatar ?? undefined} alt={t('avatar.alt', { name })} sx={{ width: 96, height: 96 }}>
              {user.firstName.charAt(0)}
            </Avatar>
          )}
          <Typography variant="h5" component="h1">
            {name}
          </Typography>
          <Stack direction="row" spacing={1}>
            <RoleChip role={user.role} />
            <StatusChip status={user.status} />
          </Stack>
        </Stack>
        <Divider sx={{ my: 2 }} />
        <Typography variant="overline" component="h2">
          {t('users.details')}
        </Typography>
        <Box component="dl" sx={{ m: 0 }}>
          <Row label={t('fields.email')}>{user.email}</Row>
          <Row label={t('fields.phone')}>{user.phone || '—'}</Row>
          <Row label={t('fields.language')}>{t(`languages.${user.language}`)}</Row>
          <Row label={t('fields.emailConfirmed')}>
            <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
              {user.emailConfirmed ? (
                <CheckCircleIcon fontSize="small" color="success" aria-hidden />
              ) : (
                <HighlightOffIcon fontSize="small" aria-hidden />
              )}
              {user.emailConfirmed ? t('common.yes') : t('common.no')}
            </Box>
          </Row>
          {user.staffRole ? <Row label={t('users.staffRole')}>{t(`roles.${user.staffRole}`)}</Row> : null}
          <Row label={t('users.lastLogin')}>{lastLogin}</Row>
        </Box>
        <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'center', flexWrap: 'wrap' }}>
          {canEdit || own ? (
            <Button variant="contained" onClick={onEdit} data-testid="edit-user-button">
              {t('common.edit')}
            </Button>
          ) : null}
          {canEdit && user.status === 'invited' ? (
            <Button
              variant="outlined"
              disabled={resend.isPending}
              data-testid="resend-invite-button"
              onClick={() =>
                resend.mutate(user.id, {
                  onSuccess: (res) => toast.success(res.message || t('users.inviteSent')),
                  onError: (error) => toast.error(errorMessage(error, t('errors.generic'))),
                })
              }
            >
              {t('users.resendInvite')}
            </Button>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}
