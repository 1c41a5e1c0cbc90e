import { registerBodySchema } from '@fc/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Link, Stack, TextField, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { NameFields, SubmitButton } from '../../../components/ui/FormFields';
import { PasswordField } from '../../../components/ui/PasswordField';
import { errorMessage } from '../../../lib/api/errors';
import { applyFieldErrors } from '../../../lib/api/forms';
import { isLanguage } from '../../../lib/i18n';
import { zodErrorMap } from '../../../lib/i18n/validation';
import { type RegisterBody, useRegister } from '../api/register';
import { AuthCard } from './AuthCard';

const FIELDS = ['firstName', 'lastName', 'email', 'password'] as const;

export function RegisterPage() {
  const { t, i18n } = useTranslation();
  const mutation = useRegister();
  const form = useForm<RegisterBody, unknown, RegisterBody>({
    resolver: zodResolver(registerBodySchema, { error: zodErrorMap(t) }),
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((body) => {
    const language = isLanguage(i18n.language) ? i18n.language : undefined;
    mutation.mutate(
      { ...body, language },
      {
        onError: (error) => applyFieldErrors(error, form.setError, FIELDS),
      },
    );
  });

  return (
    <AuthCard
      title={t('auth.registerTitle')}
      subtitle={t('auth.registerSubtitle')}
      footer={
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          {t('auth.haveAccount')}{' '}
          <Link component={RouterLink} to="/login">
            {t('auth.signIn')}
          </Link>
        </Typography>
      }
    >
      {mutation.isSuccess ? (
        <Alert severity="success" role="status" data-testid="register-check-email">
          {t('auth.registerCheckEmail', { email: mutation.variables.email })}
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label={t('auth.registerTitle')}>
          <Stack spacing={2}>
            {mutation.isError ? (
              <Alert severity="error">{errorMessage(mutation.error, t('errors.generic'))}</Alert>
            ) : null}
            <NameFields
              first={{
                ...form.register('firstName'),
                autoComplete: 'given-name',
                fieldError: errors.firstName,
                testId: 'register-first-name',
              }}
              last={{
                ...form.register('lastName'),
                autoComplete: 'family-name',
                fieldError: errors.lastName,
                testId: 'register-last-name',
              }}
            />
            <TextField
              {...form.register('email')}
              label={t('fields.email')}
              type="email"
              autoComplete="email"
              error={Boolean(errors.email)}
              helperText={errors.email?.message}
              slotProps={{ htmlInput: { 'data-testid': 'register-email' } }}
            />
            <PasswordField
              {...form.register('password')}
              label={t('fields.password')}
              autoComplete="new-password"
              error={Boolean(errors.password)}
              helperText={errors.password?.message ?? t('auth.passwordHint')}
              slotProps={{ htmlInput: { 'data-testid': 'register-password' } }}
            />
            <SubmitButton pending={mutation.isPending} testId="register-submit">
              {t('auth.createAccount')}
            </SubmitButton>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
