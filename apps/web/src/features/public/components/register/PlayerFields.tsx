import type { RegistrationInfo } from '@fc/contracts';
import { Stack, Typography } from '@mui/material';
import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDateField } from '../../../../components/ui/DateField';
import { NameFields } from '../../../../components/ui/FormFields';
import type { RegisterValues } from './registerForm';

/** The player's names and (optional) birth date, with why the date is asked. */
export function PlayerFields({
  register,
  control,
  errors,
}: {
  register: UseFormRegister<RegisterValues>;
  control: Control<RegisterValues, unknown, RegisterValues>;
  errors: FieldErrors<RegisterValues>;
}) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <NameFields
        first={{
          ...register('firstName'),
          label: t('public.register.playerFirstName'),
          fieldError: errors.firstName,
          testId: 'reg-first-name',
        }}
        last={{
          ...register('lastName'),
          label: t('public.register.playerLastName'),
          fieldError: errors.lastName,
          testId: 'reg-last-name',
        }}
      />
      <FormDateField
        control={control}
        name="birthDate"
        label={t('public.register.birthDate')}
        fieldError={errors.birthDate}
        testId="reg-birth-date"
      />
      <Typography variant="caption" color="text.secondary">
        {t('public.register.birthDateHint')}
      </Typography>
    </Stack>
  );
}

/** Options for "which player": the parent's own players (those already on the division disabled) and a new one. */
export function playerOptions(info: RegistrationInfo, divisionId: number, newLabel: string) {
  return [
    ...info.myPlayers.map((p) => ({
      value: String(p.id),
      label: `${p.firstName} ${p.lastName}`,
      disabled: p.divisionIds.includes(divisionId),
    })),
    { value: 'new', label: newLabel, disabled: false },
  ];
}
