import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Stack } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { SubmitButton } from '../../../components/ui/FormFields';
import { NewPasswordFields, newPasswordShape, passwordsMatch } from '../../../components/ui/NewPasswordFields';
import { errorMessage } from '../../../lib/api/errors';
import { zodErrorMap } from '../../../lib/i18n/validation';

/** New password + confirmation; the request body carries only `password` (contracts). */
const setPasswordSchema = z.object(newPasswordShape).refine(...passwordsMatch);
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
  return (
    <form onSubmit={form.handleSubmit((v) => onSubmit(v.password))} noValidate aria-label={submitLabel}>
      <Stack spacing={2}>
        {error ? <Alert severity="error">{errorMessage(error, t('errors.generic'))}</Alert> : null}
        <NewPasswordFields
          password={form.register('password')}
          confirm={form.register('confirmPassword')}
          errors={form.formState.errors}
          passwordLabel={t('fields.newPassword')}
          confirmLabel={t('fields.confirmPassword')}
          autoFocus
          testIds={{ password: 'new-password', confirm: 'confirm-password' }}
        />
        <SubmitButton pending={pending} testId="set-password-submit">
          {submitLabel}
        </SubmitButton>
      </Stack>
    </form>
  );
}
