import { type Opportunity, offlineSponsorshipBodySchema } from '@fc/contracts';
import { Stack } from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDateField } from '../../../components/ui/DateField';
import { FormDialog } from '../../../components/ui/FormDialog';
import { FormTextField, NameFields, SelectField } from '../../../components/ui/FormFields';
import { useToast } from '../../../components/ui/ToastProvider';
import { applyFieldErrors } from '../../../lib/api/forms';
import { useMoney } from '../../../lib/money';
import { useRecordOffline } from '../api/sponsors';
import { checkBody, orUndefined } from './validate';

interface Values {
  opportunityId: string;
  firstName: string;
  lastName: string;
  email: string;
  businessName: string;
  displayName: string;
  website: string;
  reference: string;
  receivedOn: string;
  language: 'en' | 'es';
}
const FIELDS = [
  'opportunityId',
  'firstName',
  'lastName',
  'email',
  'businessName',
  'displayName',
  'website',
  'reference',
  'receivedOn',
  'language',
];

const today = () => new Date().toISOString().slice(0, 10);

/** Record a unit paid outside the card flow (cash, cheque, invoice): it takes a unit and e-mails a receipt. */
export function OfflineDialog({ opportunities, onClose }: { opportunities: Opportunity[]; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const money = useMoney();
  const mutation = useRecordOffline();
  const form = useForm<Values>({
    defaultValues: {
      opportunityId: String(opportunities.find((o) => o.status === 'active')?.id ?? opportunities[0]?.id ?? ''),
      firstName: '',
      lastName: '',
      email: '',
      businessName: '',
      displayName: '',
      website: '',
      reference: '',
      receivedOn: today(),
      language: i18n.language.startsWith('es') ? 'es' : 'en',
    },
  });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit((v) => {
    const body = checkBody(
      offlineSponsorshipBodySchema,
      {
        opportunityId: Number(v.opportunityId),
        firstName: v.firstName,
        lastName: v.lastName,
        email: v.email.trim(),
        businessName: orUndefined(v.businessName),
        displayName: orUndefined(v.displayName),
        website: orUndefined(v.website) ?? null,
        reference: v.reference,
        receivedOn: v.receivedOn,
        language: v.language,
      },
      form.setError,
      t,
    );
    if (!body) return;
    mutation.mutate(body, {
      onSuccess: (res) => {
        toast.success(res.message || t('sponsorships.offline.done'));
        onClose();
      },
      onError: (e) => applyFieldErrors(e, form.setError, FIELDS),
    });
  });
  const options = opportunities.map((o) => ({
    value: String(o.id),
    label: `${o.name} · ${money(o.priceCents)}${o.left === 0 ? ` · ${t('sponsorships.left.soldOut')}` : ''}`,
  }));
  return (
    <FormDialog
      onClose={onClose}
      onSubmit={onSubmit}
      testId="offline-dialog"
      titleId="offline-dialog-title"
      title={t('sponsorships.offline.title')}
      mutation={mutation}
      errorTestId="offline-error"
      submitLabel={t('sponsorships.offline.submit')}
      submitTestId="offline-submit"
      maxWidth="md"
    >
      <Controller
        control={form.control}
        name="opportunityId"
        render={({ field }) => (
          <SelectField
            {...field}
            label={t('sponsorships.fields.opportunity')}
            required
            fullWidth
            fieldError={errors.opportunityId}
            testId="offline-opportunity"
            options={options}
          />
        )}
      />
      <NameFields
        first={{ ...form.register('firstName'), required: true, fieldError: errors.firstName, testId: 'offline-first' }}
        last={{ ...form.register('lastName'), required: true, fieldError: errors.lastName, testId: 'offline-last' }}
      />
      <FormTextField
        {...form.register('email')}
        label={t('sponsorships.fields.email')}
        type="email"
        required
        fullWidth
        fieldError={errors.email}
        testId="offline-email"
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          {...form.register('businessName')}
          label={t('sponsorships.fields.businessName')}
          fullWidth
          fieldError={errors.businessName}
          testId="offline-business"
        />
        <FormTextField
          {...form.register('displayName')}
          label={t('sponsorships.fields.displayName')}
          fullWidth
          fieldError={errors.displayName}
          testId="offline-display"
        />
      </Stack>
      <FormTextField
        {...form.register('website')}
        label={t('sponsorships.fields.website')}
        type="url"
        fullWidth
        fieldError={errors.website}
        testId="offline-website"
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          {...form.register('reference')}
          label={t('sponsorships.fields.reference')}
          required
          fullWidth
          fieldError={errors.reference}
          testId="offline-reference"
        />
        <FormDateField
          control={form.control}
          name="receivedOn"
          label={t('sponsorships.fields.receivedOn')}
          required
          fullWidth
          max={today()}
          fieldError={errors.receivedOn}
          testId="offline-received"
        />
        <Controller
          control={form.control}
          name="language"
          render={({ field }) => (
            <SelectField
              {...field}
              label={t('sponsorships.fields.language')}
              fullWidth
              testId="offline-language"
              options={[
                { value: 'en', label: 'English' },
                { value: 'es', label: 'Español' },
              ]}
            />
          )}
        />
      </Stack>
    </FormDialog>
  );
}
