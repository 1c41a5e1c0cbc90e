import { API_KEY_EXPIRY_PRESETS, type CreateApiKeyBody, type CreatedApiKey } from '@fc/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert } from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDateField } from '../../../components/ui/DateField';
import { isIsoDate } from '../../../components/ui/dateText';
import { FormDialog } from '../../../components/ui/FormDialog';
import { FormTextField, SelectField } from '../../../components/ui/FormFields';
import { applyFieldErrors } from '../../../lib/api/forms';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { zodErrorMap } from '../../../lib/i18n/validation';
import { useCreateApiKey } from '../api/api-keys';

const EXPIRIES = ['none', ...API_KEY_EXPIRY_PRESETS.map(String), 'date'] as const;
const today = () => new Date().toISOString().slice(0, 10);

const schema = z
  .object({
    label: z.string().trim().min(1).max(80),
    expiry: z.enum(EXPIRIES),
    date: z.string(),
  })
  .refine((v) => v.expiry !== 'date' || (isIsoDate(v.date) && v.date >= today()), { path: ['date'] });
type Input = z.input<typeof schema>;
const FIELDS = ['label', 'date'] as const;

function body(v: Input): CreateApiKeyBody {
  const label = v.label.trim();
  if (v.expiry === 'none') return { label };
  if (v.expiry === 'date') return { label, expiresAt: v.date };
  return { label, expiresInDays: Number(v.expiry) };
}

/** The form of a new key (name and expiry). Mounted only while open; hands the created key up. */
export function CreateKeyDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (k: CreatedApiKey) => void;
}) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const create = useCreateApiKey();
  const form = useForm<Input>({
    resolver: zodResolver(schema, { error: zodErrorMap(t) }),
    defaultValues: { label: '', expiry: '90', date: '' },
  });
  const { errors } = form.formState;
  const expiry = form.watch('expiry');

  const onSubmit = form.handleSubmit((v) =>
    create.mutate(body(v), {
      onSuccess: onCreated,
      onError: (error) =>
        applyFieldErrors(error, form.setError, FIELDS, { expiresAt: 'date', expiresInDays: 'expiry' }),
    }),
  );

  return (
    <FormDialog
      onClose={onClose}
      onSubmit={onSubmit}
      testId="api-key-create-dialog"
      titleId="api-key-create-title"
      title={t('apiKeys.form.title')}
      mutation={create}
      errorTestId="api-key-create-error"
      submitLabel={t('apiKeys.form.submit')}
      submitTestId="api-key-create-submit"
      maxWidth="xs"
    >
      <FormTextField
        {...form.register('label')}
        label={t('apiKeys.form.label')}
        placeholder={t('apiKeys.form.labelHelp')}
        required
        fullWidth
        autoFocus
        fieldError={errors.label}
        testId="api-key-label"
      />
      <Controller
        control={form.control}
        name="expiry"
        render={({ field }) => (
          <SelectField
            label={t('apiKeys.form.expiry')}
            fullWidth
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            name={field.name}
            inputRef={field.ref}
            options={EXPIRIES.map((e) => ({
              value: e,
              label:
                e === 'none'
                  ? t('apiKeys.form.expiryNone')
                  : e === 'date'
                    ? t('apiKeys.form.expiryDate')
                    : t('apiKeys.form.expiryDays', { count: Number(e) }),
            }))}
            fieldError={errors.expiry}
            testId="api-key-expiry"
          />
        )}
      />
      {expiry === 'date' ? (
        <FormDateField
          control={form.control}
          name="date"
          label={t('apiKeys.form.date')}
          min={today()}
          required
          fullWidth
          fieldError={errors.date}
          testId="api-key-date"
        />
      ) : null}
      {user ? (
        <Alert severity="info" variant="outlined">
          {t('apiKeys.form.profile', { role: t(`roles.${user.role}`) })}
        </Alert>
      ) : null}
    </FormDialog>
  );
}
