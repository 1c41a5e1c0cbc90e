import { Stack } from '@mui/material';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField, SelectField } from '../../../../components/ui/FormFields';

/** The fields an affiliate's public page and e-mails use, shared by "New affiliate" and the own profile. */
export interface AboutValues {
  website: string;
  phone: string;
  bio: string;
  language: 'en' | 'es';
}

/** Website, phone and language side by side on wide screens, then the "about" text. */
export function AboutFields<T extends AboutValues>({
  form: typed,
  testId,
  bioRows = 2,
}: {
  form: UseFormReturn<T>;
  testId: string;
  bioRows?: number;
}) {
  const { t } = useTranslation();
  // One cast: every form using this has these four fields (the constraint above).
  const form = typed as unknown as UseFormReturn<AboutValues>;
  const errors = form.formState.errors;
  return (
    <>
      <FormTextField
        {...form.register('website')}
        label={t('affiliates.fields.website')}
        placeholder="https://"
        fullWidth
        fieldError={errors.website}
        testId={`${testId}-website`}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          {...form.register('phone')}
          label={t('affiliates.fields.phone')}
          fullWidth
          fieldError={errors.phone}
          testId={`${testId}-phone`}
        />
        <SelectField
          label={t('affiliates.fields.language')}
          value={form.watch('language')}
          onChange={(e) => form.setValue('language', e.target.value as AboutValues['language'])}
          options={[
            { value: 'en', label: t('languages.en') },
            { value: 'es', label: t('languages.es') },
          ]}
          fullWidth
          testId={`${testId}-language`}
        />
      </Stack>
      <FormTextField
        {...form.register('bio')}
        label={t('affiliates.fields.bio')}
        multiline
        minRows={bioRows}
        fullWidth
        fieldError={errors.bio}
        testId={`${testId}-bio`}
      />
    </>
  );
}
