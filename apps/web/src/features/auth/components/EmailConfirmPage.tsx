import { Alert, Button, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { LoadingScreen } from '../../../components/ui/LoadingScreen';
import { errorMessage } from '../../../lib/api/errors';
import { useConfirmEmail } from '../api/confirm-email';
import { AuthCard } from './AuthCard';
import { useTokenOnce } from './useTokenOnce';

/** /email-confirm?token=...: confirms on arrival. */
export function EmailConfirmPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const mutation = useConfirmEmail();
  useTokenOnce(token, (value) => mutation.mutate({ token: value }));
  return (
    <AuthCard title={t('auth.emailConfirmTitle')}>
      <Stack spacing={2}>
        {!token ? <Alert severity="error">{t('auth.linkInvalid')}</Alert> : null}
        {mutation.isPending ? <LoadingScreen /> : null}
        {mutation.isSuccess ? (
          <Alert severity="success" role="status" data-testid="email-confirmed">
            {mutation.data.message}
          </Alert>
        ) : null}
        {mutation.isError ? <Alert severity="error">{errorMessage(mutation.error, t('errors.generic'))}</Alert> : null}
        <Button component={RouterLink} to="/login" variant="contained">
          {t('auth.backToLogin')}
        </Button>
      </Stack>
    </AuthCard>
  );
}
