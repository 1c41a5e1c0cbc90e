import { passwordSchema } from '@fc/contracts';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { translateFieldError } from '../../lib/i18n/validation';
import { PasswordField } from './PasswordField';

/** A new password typed twice: add to a form's schema, then `.refine(...passwordsMatch)`. */
export const newPasswordShape = { password: passwordSchema, confirmPassword: z.string() };
export const passwordsMatch: [
  check: (v: { password: string; confirmPassword: string }) => boolean,
  params: { path: PropertyKey[]; message: string },
] = [(v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: 'Passwords do not match' }];

interface NewPasswordFieldsProps {
  password: UseFormRegisterReturn<'password'>;
  confirm: UseFormRegisterReturn<'confirmPassword'>;
  errors: { password?: { message?: string }; confirmPassword?: { message?: string } };
  passwordLabel: string;
  confirmLabel: string;
  autoFocus?: boolean;
  testIds: { password: string; confirm: string };
}

/** The new password (with the rules as its hint) and its confirmation, each with its form error. */
export function NewPasswordFields({
  password,
  confirm,
  errors,
  passwordLabel,
  confirmLabel,
  autoFocus,
  testIds,
}: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        {...password}
        label={passwordLabel}
        autoComplete="new-password"
        autoFocus={autoFocus}
        error={Boolean(errors.password)}
        helperText={translateFieldError(t, errors.password?.message) ?? t('auth.passwordHint')}
        slotProps={{ htmlInput: { 'data-testid': testIds.password } }}
      />
      <PasswordField
        {...confirm}
        label={confirmLabel}
        autoComplete="new-password"
        error={Boolean(errors.confirmPassword)}
        helperText={translateFieldError(t, errors.confirmPassword?.message)}
        slotProps={{ htmlInput: { 'data-testid': testIds.confirm } }}
      />
    </>
  );
}
