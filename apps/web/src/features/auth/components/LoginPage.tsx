import { homeForRole, type LoginResponse } from '@fc/contracts';
import { Link, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { safeReturnTo } from '../../../lib/auth/storage';
import { AuthCard } from './AuthCard';
import { LoginForm } from './LoginForm';

export function LoginPage() {
  const { t } = useTranslation();
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const onSignedIn = (res: LoginResponse) => {
    signIn(res);
    navigate(safeReturnTo(params.get('returnTo')) ?? homeForRole(res.userData.role), { replace: true });
  };

  return (
    <AuthCard
      title={t('auth.loginTitle')}
      subtitle={t('auth.loginSubtitle')}
      footer={
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          {t('auth.noAccount')}{' '}
          <Link component={RouterLink} to="/register">
            {t('auth.createAccount')}
          </Link>
        </Typography>
      }
    >
      <LoginForm
        label={t('auth.loginTitle')}
        submitLabel={t('auth.signIn')}
        onSignedIn={onSignedIn}
        testIdPrefix="login"
        autoFocus
      >
        <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Link component={RouterLink} to="/forgot-password" variant="body2">
            {t('auth.forgotPassword')}
          </Link>
          <Link component={RouterLink} to="/loginlink" variant="body2">
            {t('auth.emailMeLink')}
          </Link>
        </Stack>
      </LoginForm>
    </AuthCard>
  );
}
