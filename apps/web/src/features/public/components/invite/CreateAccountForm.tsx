import { passwordSchema, personNameSchema } from '@fc/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { NameFields } from '../../../../components/ui/FormFields';
import { PasswordField } from '../../../../components/ui/PasswordField';
import { applyFieldErrors } from '../../../../lib/api/forms';
import { translateFieldError, zodErrorMap } from '../../../../lib/i18n/validation';

const schema = z
  .object({
    firstName: personNameSchema,
    lastName: personNameSchema,
    password: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: 'Passwords do not match' });
type Values = z.infer<typeof schema>;
export type AccountDetails = Omit<Values, 'confirmPassword'>;

/** The parent's names (prefilled from the invitation) and a new password. */
export function CreateAccountForm({
  defaults,
  pending,
  submitLabel,
  onSubmit,
}: {
  defaults: { firstName: string; lastName: string };
  pending: boolean;
  submitLabel: string;
  /** Rejects with the server's error: its field errors go on the fields. */
  onSubmit: (v: AccountDetails) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const form = useForm<Values, unknown, Values>({
    resolver: zodResolver(schema, { error: zodErrorMap(t) }),
    defaultValues: { ...defaults, password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      aria-label={t('public.invite.createForm')}
      onSubmit={form.handleSubmit(({ confirmPassword: _c, ...v }) =>
        onSubmit(v).catch((err: unknown) => {
          applyFieldErrors(err, form.setError, ['firstName', 'lastName', 'password']);
        }),
      )}
    >
      <Stack spacing={2}>
        <NameFields
          first={{
            ...form.register('firstName'),
            autoComplete: 'given-name',
            fieldError: errors.firstName,
            testId: 'invite-first-name',
          }}
          last={{
            ...form.register('lastName'),
            autoComplete: 'family-name',
            fieldError: errors.lastName,
            testId: 'invite-last-name',
          }}
        />
        <PasswordField
          {...form.register('password')}
          label={t('fields.password')}
          autoComplete="new-password"
          error={Boolean(errors.password)}
          helperText={translateFieldError(t, errors.password?.message) ?? t('auth.passwordHint')}
          slotProps={{ htmlInput: { 'data-testid': 'invite-password' } }}
        />
        <PasswordField
          {...form.register('confirmPassword')}
          label={t('public.invite.confirmPassword')}
          autoComplete="new-password"
          error={Boolean(errors.confirmPassword)}
          helperText={translateFieldError(t, errors.confirmPassword?.message)}
          slotProps={{ htmlInput: { 'data-testid': 'invite-confirm-password' } }}
        />
        <Button type="submit" variant="contained" size="large" disabled={pending} data-testid="invite-create-submit">
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
