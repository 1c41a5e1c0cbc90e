import type { DonationDetail } from '@fc/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormLabel,
  Link,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import { type ReactNode, useMemo, useState } from 'react';
import { type Control, Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FormDateField } from '../../../../components/ui/DateField';
import { MutationErrorAlert } from '../../../../components/ui/FormDialog';
import { FormTextField, NameFields, SelectField, SubmitButton } from '../../../../components/ui/FormFields';
import { moneyAdornment } from '../../../../components/ui/moneyAdornment';
import { PageHeader } from '../../../../components/ui/PageHeader';
import { useToast } from '../../../../components/ui/ToastProvider';
import { applyFieldErrors } from '../../../../lib/api/forms';
import { zodErrorMap } from '../../../../lib/i18n/validation';
import { useCreateOfflineDonation } from '../../api/create-offline-donation';
import { CampaignPicker } from '../shared/CampaignPicker';
import { todayIso, useMoney } from '../shared/format';
import {
  bodyOf,
  type DataEntryValues,
  dataEntrySchema,
  emptyValues,
  FIELD_ALIASES,
  FORM_FIELDS,
} from './dataEntrySchema';
import { PlayerPicker } from './PlayerPicker';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="fieldset" aria-labelledby={id} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography variant="h6" component="h2" id={id} sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Stack spacing={2}>{children}</Stack>
    </Box>
  );
}

/** /system/dataentry (DECISIONS §1): staff record a cash or check gift against a campaign and player. */
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

export function DataEntryPage() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const money = useMoney();
  const mutation = useCreateOfflineDonation();
  const [created, setCreated] = useState<DonationDetail | null>(null);
  const schema = useMemo(() => dataEntrySchema(t), [t]);
  const language = i18n.language.startsWith('es') ? 'es' : 'en';
  const form = useForm<DataEntryValues>({
    resolver: zodResolver(schema, { error: zodErrorMap(t) }),
    defaultValues: emptyValues(language),
  });
  const { errors } = form.formState;
  const campaignId = useWatch({ control: form.control, name: 'campaignId' });
  const method = useWatch({ control: form.control, name: 'offlineMethod' });

  const onSubmit = form.handleSubmit((v) =>
    mutation.mutate(bodyOf(v), {
      onSuccess: (res) => {
        setCreated(res.data);
        toast.success(t('donations.dataEntry.done', { amount: money(res.data.amountCents), name: res.data.donorName }));
        // Ready for the next envelope of the same campaign: keep the campaign, method, date and choices.
        form.reset({
          ...emptyValues(v.language),
          campaignId: v.campaignId,
          offlineMethod: v.offlineMethod,
          receivedOn: v.receivedOn,
          sendReceipt: v.sendReceipt,
        });
        window.scrollTo({ top: 0, behavior: 'smooth' });
      },
      onError: (error) => {
        applyFieldErrors(error, form.setError, FORM_FIELDS, FIELD_ALIASES);
      },
    }),
  );

  return (
    <>
      <PageHeader
        title={t('donations.dataEntry.title')}
        subtitle={t('donations.dataEntry.subtitle')}
        actions={
          <Button component={RouterLink} to="/donations/list?method=offline" variant="outlined">
            {t('donations.dataEntry.seeOffline')}
          </Button>
        }
      />
      {created ? (
        <Alert
          severity="success"
          sx={{ mb: 3 }}
          onClose={() => setCreated(null)}
          data-testid="dataentry-created"
          action={
            <Button
              color="inherit"
              size="small"
              component={RouterLink}
              to={`/donations/view/${created.id}`}
              data-testid="dataentry-created-link"
            >
              {t('donations.dataEntry.view')}
            </Button>
          }
        >
          {t('donations.dataEntry.createdLine', {
            amount: money(created.amountCents),
            name: created.donorName,
            campaign: created.campaignTitle,
          })}{' '}
          <Link component={RouterLink} to={`/donations/view/${created.id}`} color="inherit">
            {created.receiptNumber ?? `#${created.id}`}
          </Link>
        </Alert>
      ) : null}
      <Card>
        <CardContent>
          <Box component="form" onSubmit={onSubmit} noValidate aria-label={t('donations.dataEntry.title')}>
            <Stack spacing={3}>
              <MutationErrorAlert mutation={mutation} testId="dataentry-error" />
              <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
                <Section id="dataentry-gift" title={t('donations.dataEntry.giftSection')}>
                  <Controller
                    control={form.control}
                    name="campaignId"
                    render={({ field }) => (
                      <CampaignPicker
                        value={field.value}
                        onChange={(c) => {
                          field.onChange(c?.id ?? null);
                          form.setValue('player', null);
                        }}
                        onBlur={field.onBlur}
                        label={t('donations.fields.campaign')}
                        required
                        error={errors.campaignId?.message}
                        testId="dataentry-campaign"
                      />
                    )}
                  />
                  {campaignId ? (
                    <Controller
                      control={form.control}
                      name="player"
                      render={({ field }) => (
                        <PlayerPicker
                          key={campaignId}
                          campaignId={campaignId}
                          value={field.value ?? null}
                          onChange={field.onChange}
                          testId="dataentry-player"
                        />
                      )}
                    />
                  ) : null}
                  <FormTextField
                    {...form.register('amount')}
                    label={t('donations.fields.amount')}
                    required
                    fullWidth
                    inputMode="decimal"
                    fieldError={errors.amount}
                    slotProps={{ input: moneyAdornment() }}
                    testId="dataentry-amount"
                  />
                  <Controller
                    control={form.control}
                    name="offlineMethod"
                    render={({ field }) => (
                      <FormControl>
                        <FormLabel id="dataentry-method-label">{t('donations.dataEntry.method')}</FormLabel>
                        <RadioGroup
                          row
                          aria-labelledby="dataentry-method-label"
                          name={field.name}
                          value={field.value}
                          onChange={(e) => field.onChange(e.target.value)}
                        >
                          <FormControlLabel
                            value="check"
                            control={<Radio slotProps={{ input: { 'data-testid': 'dataentry-check' } as object }} />}
                            label={t('donations.dataEntry.check')}
                          />
                          <FormControlLabel
                            value="cash"
                            control={<Radio slotProps={{ input: { 'data-testid': 'dataentry-cash' } as object }} />}
                            label={t('donations.dataEntry.cash')}
                          />
                        </RadioGroup>
                      </FormControl>
                    )}
                  />
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                    <FormTextField
                      {...form.register('reference')}
                      label={
                        method === 'check' ? t('donations.dataEntry.checkNumber') : t('donations.dataEntry.reference')
                      }
                      fullWidth
                      fieldError={errors.reference}
                      testId="dataentry-reference"
                    />
                    <FormDateField
                      control={form.control}
                      name="receivedOn"
                      label={t('donations.dataEntry.receivedOn')}
                      fullWidth
                      fieldError={errors.receivedOn}
                      max={todayIso()}
                      testId="dataentry-received-on"
                    />
                  </Stack>
                </Section>
                <Section id="dataentry-donor" title={t('donations.dataEntry.donorSection')}>
                  <NameFields
                    first={{
                      ...form.register('firstName'),
                      required: true,
                      autoComplete: 'off',
                      fieldError: errors.firstName,
                      testId: 'dataentry-first-name',
                    }}
                    last={{
                      ...form.register('lastName'),
                      required: true,
                      autoComplete: 'off',
                      fieldError: errors.lastName,
                      testId: 'dataentry-last-name',
                    }}
                  />
                  <FormTextField
                    {...form.register('email')}
                    type="email"
                    label={t('fields.email')}
                    required
                    fullWidth
                    autoComplete="off"
                    fieldError={errors.email}
                    testId="dataentry-email"
                  />
                  <Controller
                    control={form.control}
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
                    {...form.register('message')}
                    label={t('donations.dataEntry.message')}
                    fullWidth
                    multiline
                    minRows={3}
                    fieldError={errors.message}
                    testId="dataentry-message"
                  />
                  <CheckboxField
                    control={form.control}
                    name="anonymous"
                    label={t('donations.dataEntry.anonymous')}
                    testId="dataentry-anonymous"
                  />
                  <CheckboxField
                    control={form.control}
                    name="sendReceipt"
                    label={t('donations.dataEntry.sendReceipt')}
                    testId="dataentry-send-receipt"
                  />
                </Section>
              </Box>
              <Box>
                <SubmitButton pending={mutation.isPending} testId="dataentry-submit">
                  {t('donations.dataEntry.submit')}
                </SubmitButton>
              </Box>
            </Stack>
          </Box>
        </CardContent>
      </Card>
    </>
  );
}
