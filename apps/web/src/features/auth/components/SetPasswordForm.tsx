import { passwordSchema } from '@fc/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { PasswordField } from '../../../components/ui/PasswordField';
import { errorMessage } from '../../../lib/api/errors';
import { translateFieldError, zodErrorMap } from '../../../lib/i18n/validation';

/** New password + confirmation; the request body carries only `password` (contracts). */
const setPasswordSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: 'Passwords do not match' });
type SetPasswordValues = z.infer<typeof setPasswordSchema>;

interface SetPasswordFormProps {
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (password: string) => void;
}

export function SetPasswordForm({ submitLabel, pending, error, onSubmit }: SetPasswordFormProps) {
  const { t } = useTranslation();
  const form = useForm<SetPasswordValues, unknown, SetPasswordValues>({
    resolver: zodResolver(setPasswordSchema, { error: zodErrorMap(t) }),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  return (
    <form onSubmit={form.handleSubmit((v) => onSubmit(v.password))} noValidate aria-label={submitLabel}>
      <Stack spacing={2}>
        {error ? <Alert severity="error">{errorMessage(error, t('errors.generic'))}</Alert> : null}
        <PasswordField
          {...form.register('password')}
          label={t('fields.newPassword')}
          autoComplete="new-password"
          autoFocus
          error={Boolean(errors.password)}
          helperText={errors.password?.message ?? t('auth.passwordHint')}
          slotProps={{ htmlInput: { 'data-testid': 'new-password' } }}
        />
        <PasswordField
          {...form.register('confirmPassword')}
          label={t('fields.confirmPassword')}
          autoComplete="new-password"
          error={Boolean(errors.confirmPassword)}
          helperText={translateFieldError(t, errors.confirmPassword?.message)}
          slotProps={{ htmlInput: { 'data-testid': 'confirm-password' } }}
        />
        <Button type="submit" variant="contained" size="large" disabled={pending} data-testid="set-password-submit">
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
