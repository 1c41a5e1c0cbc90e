import { personNameSchema } from '@fc/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Stack } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { NameFields, SubmitButton } from '../../../../components/ui/FormFields';
import { NewPasswordFields, newPasswordShape, passwordsMatch } from '../../../../components/ui/NewPasswordFields';
import { applyFieldErrors } from '../../../../lib/api/forms';
import { zodErrorMap } from '../../../../lib/i18n/validation';

const schema = z
  .object({ firstName: personNameSchema, lastName: personNameSchema, ...newPasswordShape })
  .refine(...passwordsMatch);
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
        <NewPasswordFields
          password={form.register('password')}
          confirm={form.register('confirmPassword')}
          errors={errors}
          passwordLabel={t('fields.password')}
          confirmLabel={t('public.invite.confirmPassword')}
          testIds={{ password: 'invite-password', confirm: 'invite-confirm-password' }}
        />
        <SubmitButton pending={pending} testId="invite-create-submit">
          {submitLabel}
        </SubmitButton>
      </Stack>
    </form>
  );
}
