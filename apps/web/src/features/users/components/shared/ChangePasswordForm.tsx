import { PASSWORD_MAX, passwordSchema } from '@fc/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { PasswordField } from '../../../../components/ui/PasswordField';
import { useToast } from '../../../../components/ui/ToastProvider';
import { errorMessage } from '../../../../lib/api/errors';
import { applyFieldErrors } from '../../../../lib/api/forms';
import { translateFieldError, zodErrorMap } from '../../../../lib/i18n/validation';
import { useChangePassword } from '../../api/change-password';

/** Form side of passwordResetBodySchema (the id comes from the page, not from a field). */
function schemaFor(own: boolean) {
  return z
    .object({
      currentPassword: own ? z.string().min(1).max(PASSWORD_MAX) : z.string().max(PASSWORD_MAX),
      newPassword: passwordSchema,
      confirmPassword: z.string().max(PASSWORD_MAX),
    })
    .refine((v) => v.newPassword === v.confirmPassword, {
      path: ['confirmPassword'],
      message: 'Passwords do not match',
    });
}
type Values = z.infer<ReturnType<typeof schemaFor>>;
const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/** POST /password/reset; your own account needs the current password. */
export function ChangePasswordForm({ userId, own }: { userId: number; own: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const mutation = useChangePassword();
  const form = useForm<Values, unknown, Values>({
    resolver: zodResolver(schemaFor(own), { error: zodErrorMap(t) }),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((v) =>
    mutation.mutate(
      {
        id: userId,
        currentPassword: own ? v.currentPassword : undefined,
        newPassword: v.newPassword,
        confirmPassword: v.confirmPassword,
      },
      {
        onSuccess: (res) => {
          toast.success(res.message);
          form.reset();
        },
        onError: (error) => {
          if (!applyFieldErrors(error, form.setError, FIELDS)) toast.error(errorMessage(error, t('errors.generic')));
        },
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('password.title')}>
      <Stack spacing={2} sx={{ maxWidth: 480 }}>
        {own ? (
          <PasswordField
            {...form.register('currentPassword')}
            label={t('fields.currentPassword')}
            autoComplete="current-password"
            error={Boolean(errors.currentPassword)}
            helperText={errors.currentPassword?.message}
          />
        ) : null}
        <PasswordField
          {...form.register('newPassword')}
          label={t('fields.newPassword')}
          autoComplete="new-password"
          error={Boolean(errors.newPassword)}
          helperText={errors.newPassword?.message ?? t('auth.passwordHint')}
        />
        <PasswordField
          {...form.register('confirmPassword')}
          label={t('fields.confirmPassword')}
          autoComplete="new-password"
          error={Boolean(errors.confirmPassword)}
          helperText={translateFieldError(t, errors.confirmPassword?.message)}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={mutation.isPending}
          sx={{ alignSelf: 'flex-start' }}
          data-testid="change-password-submit"
        >
          {t('password.submit')}
        </Button>
      </Stack>
    </form>
  );
}
