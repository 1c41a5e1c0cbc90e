import { type LoginResponse, loginBodySchema } from '@fc/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField, SubmitButton } from '../../../components/ui/FormFields';
import { PasswordField } from '../../../components/ui/PasswordField';
import { errorMessage } from '../../../lib/api/errors';
import { zodErrorMap } from '../../../lib/i18n/validation';
import { type LoginBody, useLogin } from '../api/login';

interface LoginFormProps {
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  onSignedIn: (res: LoginResponse) => void;
  /** Test ids `{prefix}-email`, `-password`, `-submit` and `-error`. */
  testIdPrefix: string;
  autoFocus?: boolean;
  /** Shown between the password and the submit button (links). */
  children?: ReactNode;
}

/** Email and password sign-in (POST /jwt/login): the login page's form, also on pages that sign in on the way. */
export function LoginForm({ label, submitLabel, onSignedIn, testIdPrefix, autoFocus, children }: LoginFormProps) {
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
      aria-label={label}
      onSubmit={form.handleSubmit((body) => mutation.mutate(body, { onSuccess: onSignedIn }))}
    >
      <Stack spacing={2}>
        {mutation.isError ? (
          <Alert severity="error" data-testid={`${testIdPrefix}-error`}>
            {errorMessage(mutation.error, t('errors.generic'))}
          </Alert>
        ) : null}
        <FormTextField
          {...form.register('email')}
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          autoFocus={autoFocus}
          fieldError={errors.email}
          testId={`${testIdPrefix}-email`}
        />
        <PasswordField
          {...form.register('password')}
          label={t('fields.password')}
          autoComplete="current-password"
          error={Boolean(errors.password)}
          helperText={errors.password?.message}
          slotProps={{ htmlInput: { 'data-testid': `${testIdPrefix}-password` } }}
        />
        {children}
        <SubmitButton pending={mutation.isPending} testId={`${testIdPrefix}-submit`}>
          {mutation.isPending ? t('auth.signingIn') : submitLabel}
        </SubmitButton>
      </Stack>
    </form>
  );
}
