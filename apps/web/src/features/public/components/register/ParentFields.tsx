import { Stack } from '@mui/material';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField, NameFields } from '../../../../components/ui/FormFields';
import { NewPasswordFields } from '../../../../components/ui/NewPasswordFields';
import type { RegisterValues } from './registerForm';

/** The parent's account: names, email, phone and a password (only without a session). */
export function ParentFields({
  register,
  errors,
}: {
  register: UseFormRegister<RegisterValues>;
  errors: FieldErrors<RegisterValues>;
}) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <NameFields
        first={{
          ...register('parentFirstName'),
          label: t('public.register.parentFirstName'),
          autoComplete: 'given-name',
          fieldError: errors.parentFirstName,
          testId: 'reg-parent-first-name',
        }}
        last={{
          ...register('parentLastName'),
          label: t('public.register.parentLastName'),
          autoComplete: 'family-name',
          fieldError: errors.parentLastName,
          testId: 'reg-parent-last-name',
        }}
      />
      <FormTextField
        {...register('email')}
        type="email"
        label={t('fields.email')}
        autoComplete="email"
        fieldError={errors.email}
        testId="reg-email"
      />
      <FormTextField
        {...register('phone')}
        type="tel"
        label={t('public.register.phoneOptional')}
        autoComplete="tel"
        fieldError={errors.phone}
        testId="reg-phone"
      />
      <NewPasswordFields
        password={register('password')}
        confirm={register('confirmPassword')}
        errors={errors}
        passwordLabel={t('fields.password')}
        confirmLabel={t('public.invite.confirmPassword')}
        testIds={{ password: 'reg-password', confirm: 'reg-confirm-password' }}
      />
    </Stack>
  );
}
