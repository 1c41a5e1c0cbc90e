import { forgotPasswordBodySchema } from '@fc/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack, TextField } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api/errors';
import { zodErrorMap } from '../../../lib/i18n/validation';

interface EmailRequestFormProps {
  submitLabel: string;
  pending: boolean;
  error: unknown;
  successMessage: string | undefined;
  onSubmit: (body: { email: string }) => void;
  testId: string;
}

/** One e-mail field and a submit button: forgot password and login link. */
export function EmailRequestForm({
  submitLabel,
  pending,
  error,
  successMessage,
  onSubmit,
  testId,
}: EmailRequestFormProps) {
  const { t } = useTranslation();
  const form = useForm<{ email: string }, unknown, { email: string }>({
    resolver: zodResolver(forgotPasswordBodySchema, { error: zodErrorMap(t) }),
    defaultValues: { email: '' },
  });
  const { errors } = form.formState;
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate aria-label={submitLabel}>
      <Stack spacing={2}>
        {successMessage ? (
          <Alert severity="success" role="status" data-testid={`${testId}-success`}>
            {successMessage}
          </Alert>
        ) : null}
        {error ? <Alert severity="error">{errorMessage(error, t('errors.generic'))}</Alert> : null}
        <TextField
          {...form.register('email')}
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          autoFocus
          error={Boolean(errors.email)}
          helperText={errors.email?.message}
          slotProps={{ htmlInput: { 'data-testid': `${testId}-email` } }}
        />
        <Button type="submit" variant="contained" size="large" disabled={pending} data-testid={`${testId}-submit`}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
