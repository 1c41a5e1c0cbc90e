import { Alert, Button, Link, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useRecoverPassword } from '../api/recover-password';
import { AuthCard } from './AuthCard';
import { SetPasswordForm } from './SetPasswordForm';

/** /reset-password?token=... from the forgot-password e-mail. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const mutation = useRecoverPassword();
  return (
    <AuthCard
      title={t('auth.resetTitle')}
      subtitle={t('auth.resetSubtitle')}
      footer={
        <Link component={RouterLink} to="/login" variant="body2">
          {t('auth.backToLogin')}
        </Link>
      }
    >
      {!token ? (
        <Alert severity="error">{t('auth.linkInvalid')}</Alert>
      ) : mutation.isSuccess ? (
        <Stack spacing={2}>
          <Alert severity="success" role="status">
            {mutation.data.message}
          </Alert>
          <Button component={RouterLink} to="/login" variant="contained">
            {t('auth.signIn')}
          </Button>
        </Stack>
      ) : (
        <SetPasswordForm
          submitLabel={t('auth.setNewPassword')}
          pending={mutation.isPending}
          error={mutation.error}
          onSubmit={(password) => mutation.mutate({ token, password })}
        />
      )}
    </AuthCard>
  );
}
