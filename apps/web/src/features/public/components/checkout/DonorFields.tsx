import { FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Field } from './Field';

export const MESSAGE_MAX = 500;

export interface DonorValues {
  firstName: string;
  lastName: string;
  email: string;
  anonymous: boolean;
  message: string;
}

export type DonorErrors = Partial<Record<keyof DonorValues, string>>;

/** Who gives: names, email for the receipt, the anonymous switch and a message to the player. */
export function DonorFields({
  values,
  onChange,
  errors,
  messageTo,
}: {
  values: DonorValues;
  onChange: (patch: Partial<DonorValues>) => void;
  errors: DonorErrors;
  /** Whom the message goes to (the player, or the campaign's organizers). */
  messageTo: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Field
          id="donate-first-name"
          label={t('fields.firstName')}
          value={values.firstName}
          onValue={(firstName) => onChange({ firstName })}
          error={errors.firstName}
          testId="donate-first-name"
          autoComplete="given-name"
          maxLength={80}
          required
        />
        <Field
          id="donate-last-name"
          label={t('fields.lastName')}
          value={values.lastName}
          onValue={(lastName) => onChange({ lastName })}
          error={errors.lastName}
          testId="donate-last-name"
          autoComplete="family-name"
          maxLength={80}
          required
        />
      </Stack>
      <Field
        id="donate-email"
        type="email"
        label={t('fields.email')}
        value={values.email}
        onValue={(email) => onChange({ email })}
        error={errors.email}
        hint={t('public.checkout.emailHint')}
        testId="donate-email"
        autoComplete="email"
        inputMode="email"
        maxLength={254}
        required
      />
      <div>
        <FormControlLabel
          control={
            <Switch
              checked={values.anonymous}
              onChange={(e) => onChange({ anonymous: e.target.checked })}
              slotProps={{
                input: { 'data-testid': 'donate-anonymous', 'aria-describedby': 'donate-anonymous-hint' } as object,
              }}
            />
          }
          label={t('public.checkout.anonymous')}
        />
        <Typography id="donate-anonymous-hint" variant="body2" color="text.secondary" sx={{ ml: 6 }}>
          {t('public.checkout.anonymousHint')}
        </Typography>
      </div>
      <Field
        id="donate-message"
        label={t('public.checkout.message')}
        value={values.message}
        onValue={(message) => onChange({ message })}
        error={errors.message}
        hint={t('public.checkout.messageHint', { name: messageTo, used: values.message.length, max: MESSAGE_MAX })}
        testId="donate-message"
        maxLength={MESSAGE_MAX}
        multiline
        minRows={3}
      />
    </Stack>
  );
}
