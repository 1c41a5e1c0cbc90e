import { homeForRole, loginBodySchema } from '@fc/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { PasswordField } from '../../../components/ui/PasswordField';
import { errorMessage } from '../../../lib/api/errors';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { safeReturnTo } from '../../../lib/auth/storage';
import { zodErrorMap } from '../../../lib/i18n/validation';
import { type LoginBody, useLogin } from '../api/login';
import { AuthCard } from './AuthCard';

export function LoginPage() {
  const { t } = useTranslation();
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const mutation = useLogin();
  const form = useForm<LoginBody, unknown, LoginBody>({
    resolver: zodResolver(loginBodySchema, { error: zodErrorMap(t) }),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((body) =>
    mutation.mutate(body, {
      onSuccess: (res) => {
        signIn(res);
        navigate(safeReturnTo(params.get('returnTo')) ?? homeForRole(res.userData.role), { replace: true });
      },
    }),
  );

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
      <form onSubmit={onSubmit} noValidate aria-label={t('auth.loginTitle')}>
        <Stack spacing={2}>
          {mutation.isError ? (
            <Alert severity="error" data-testid="login-error">
              {errorMessage(mutation.error, t('errors.generic'))}
            </Alert>
          ) : null}
          <TextField
            {...form.register('email')}
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            autoFocus
            error={Boolean(errors.email)}
            helperText={errors.email?.message}
            slotProps={{ htmlInput: { 'data-testid': 'login-email' } }}
          />
          <PasswordField
            {...form.register('password')}
            label={t('fields.password')}
            autoComplete="current-password"
            error={Boolean(errors.password)}
            helperText={errors.password?.message}
            slotProps={{ htmlInput: { 'data-testid': 'login-password' } }}
          />
          <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
            <Link component={RouterLink} to="/forgot-password" variant="body2">
              {t('auth.forgotPassword')}
            </Link>
            <Link component={RouterLink} to="/loginlink" variant="body2">
              {t('auth.emailMeLink')}
            </Link>
          </Stack>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={mutation.isPending}
            data-testid="login-submit"
          >
            {mutation.isPending ? t('auth.signingIn') : t('auth.signIn')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
