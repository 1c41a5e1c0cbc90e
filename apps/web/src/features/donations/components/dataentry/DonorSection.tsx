import { Checkbox, FormControlLabel } from '@mui/material';
import { type Control, Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField, NameFields, SelectField } from '../../../../components/ui/FormFields';
import type { DataEntryValues } from './dataEntrySchema';
import { Section } from './Section';

/** A yes/no field of the form, bound through react-hook-form. */
function CheckboxField({
  control,
  name,
  label,
  testId,
}: {
  control: Control<DataEntryValues>;
  name: 'anonymous' | 'sendReceipt';
  label: string;
  testId: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          control={
            <Checkbox
              checked={field.value}
              onChange={(e) => field.onChange(e.target.checked)}
              slotProps={{ input: { 'data-testid': testId } as object }}
            />
          }
          label={label}
        />
      )}
    />
  );
}

/** The donor: name, email, receipt language, message, anonymity and whether to email a receipt. */
export function DonorSection({ form }: { form: UseFormReturn<DataEntryValues> }) {
  const { t } = useTranslation();
  const { control, register } = form;
  const { errors } = form.formState;
  return (
    <Section id="dataentry-donor" title={t('donations.dataEntry.donorSection')}>
      <NameFields
        first={{
          ...register('firstName'),
          required: true,
          autoComplete: 'off',
          fieldError: errors.firstName,
          testId: 'dataentry-first-name',
        }}
        last={{
          ...register('lastName'),
          required: true,
          autoComplete: 'off',
          fieldError: errors.lastName,
          testId: 'dataentry-last-name',
        }}
      />
      <FormTextField
        {...register('email')}
        type="email"
        label={t('fields.email')}
        required
        fullWidth
        autoComplete="off"
        fieldError={errors.email}
        testId="dataentry-email"
      />
      <Controller
        control={control}
        name="language"
        render={({ field }) => (
          <SelectField
            label={t('donations.dataEntry.language')}
            value={field.value}
            onChange={(e) => field.onChange(e.target.value)}
            onBlur={field.onBlur}
            fullWidth
            options={[
              { value: 'en', label: t('languages.en') },
              { value: 'es', label: t('languages.es') },
            ]}
            testId="dataentry-language"
          />
        )}
      />
      <FormTextField
        {...register('message')}
        label={t('donations.dataEntry.message')}
        fullWidth
        multiline
        minRows={3}
        fieldError={errors.message}
        testId="dataentry-message"
      />
      <CheckboxField
        control={control}
        name="anonymous"
        label={t('donations.dataEntry.anonymous')}
        testId="dataentry-anonymous"
      />
      <CheckboxField
        control={control}
        name="sendReceipt"
        label={t('donations.dataEntry.sendReceipt')}
        testId="dataentry-send-receipt"
      />
    </Section>
  );
}
