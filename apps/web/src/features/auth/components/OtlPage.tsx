import { homeForRole } from '@fc/contracts';
import { Alert, Button, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { LoadingScreen } from '../../../components/ui/LoadingScreen';
import { errorMessage } from '../../../lib/api/errors';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useOneTimeLogin } from '../api/otl';
import { AuthCard } from './AuthCard';
import { useTokenOnce } from './useTokenOnce';

/** /otl?token=...: posts the one-time login token, logs in and goes home. */
export function OtlPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const mutation = useOneTimeLogin();
  useTokenOnce(token, (value) =>
    mutation.mutate(
      { token: value },
      {
        onSuccess: (res) => {
          signIn(res);
          navigate(homeForRole(res.userData.role), { replace: true });
        },
      },
    ),
  );
  const failed = !token || mutation.isError;
  return (
    <AuthCard title={t('auth.otlTitle')}>
      <Stack spacing={2}>
        {failed ? (
          <>
            <Alert severity="error">
              {token ? errorMessage(mutation.error, t('errors.generic')) : t('auth.linkInvalid')}
            </Alert>
            <Button component={RouterLink} to="/loginlink" variant="contained">
              {t('auth.requestNewLink')}
            </Button>
          </>
        ) : (
          <LoadingScreen />
        )}
      </Stack>
    </AuthCard>
  );
}
