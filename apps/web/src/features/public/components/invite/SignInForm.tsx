import { type LoginResponse, loginBodySchema } from '@fc/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../../components/ui/FormFields';
import { PasswordField } from '../../../../components/ui/PasswordField';
import { errorMessage } from '../../../../lib/api/errors';
import { zodErrorMap } from '../../../../lib/i18n/validation';
import { type LoginBody, useLogin } from '../../../auth/api/login';

/** Email and password sign-in inside another page (the same `POST /jwt/login` as the login page). */
export function SignInForm({
  onSignedIn,
  submitLabel,
}: {
  onSignedIn: (res: LoginResponse) => void;
  submitLabel: string;
}) {
  const { t } = useTranslation();
  const mutation = useLogin();
  const form = useForm<LoginBody, unknown, LoginBody>({
    resolver: zodResolver(loginBodySchema, { error: zodErrorMap(t) }),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      aria-label={t('public.invite.signInForm')}
      onSubmit={form.handleSubmit((body) => mutation.mutate(body, { onSuccess: onSignedIn }))}
    >
      <Stack spacing={2}>
        {mutation.isError ? (
          <Alert severity="error" data-testid="invite-login-error">
            {errorMessage(mutation.error, t('errors.generic'))}
          </Alert>
        ) : null}
        <FormTextField
          {...form.register('email')}
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          fieldError={errors.email}
          testId="invite-login-email"
        />
        <PasswordField
          {...form.register('password')}
          label={t('fields.password')}
          autoComplete="current-password"
          error={Boolean(errors.password)}
          helperText={errors.password?.message}
          slotProps={{ htmlInput: { 'data-testid': 'invite-login-password' } }}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={mutation.isPending}
          data-testid="invite-login-submit"
        >
          {mutation.isPending ? t('auth.signingIn') : submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
