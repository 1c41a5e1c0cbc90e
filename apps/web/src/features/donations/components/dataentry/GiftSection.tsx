import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Stack } from '@mui/material';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDateField } from '../../../../components/ui/DateField';
import { FormTextField } from '../../../../components/ui/FormFields';
import { moneyAdornment } from '../../../../components/ui/moneyAdornment';
import { CampaignPicker } from '../shared/CampaignPicker';
import { todayIso } from '../shared/format';
import type { DataEntryValues } from './dataEntrySchema';
import { PlayerPicker } from './PlayerPicker';
import { Section } from './Section';

/** The gift: campaign (and optionally the player), amount, cash or check, reference, date received. */
export function GiftSection({ form }: { form: UseFormReturn<DataEntryValues> }) {
  const { t } = useTranslation();
  const { control, register, setValue } = form;
  const { errors } = form.formState;
  const campaignId = useWatch({ control, name: 'campaignId' });
  const method = useWatch({ control, name: 'offlineMethod' });
  return (
    <Section id="dataentry-gift" title={t('donations.dataEntry.giftSection')}>
      <Controller
        control={control}
        name="campaignId"
        render={({ field }) => (
          <CampaignPicker
            value={field.value}
            onChange={(c) => {
              field.onChange(c?.id ?? null);
              setValue('player', null);
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
          control={control}
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
        {...register('amount')}
        label={t('donations.fields.amount')}
        required
        fullWidth
        inputMode="decimal"
        fieldError={errors.amount}
        slotProps={{ input: moneyAdornment() }}
        testId="dataentry-amount"
      />
      <Controller
        control={control}
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
          {...register('reference')}
          label={method === 'check' ? t('donations.dataEntry.checkNumber') : t('donations.dataEntry.reference')}
          fullWidth
          fieldError={errors.reference}
          testId="dataentry-reference"
        />
        <FormDateField
          control={control}
          name="receivedOn"
          label={t('donations.dataEntry.receivedOn')}
          fullWidth
          fieldError={errors.receivedOn}
          max={todayIso()}
          testId="dataentry-received-on"
        />
      </Stack>
    </Section>
  );
}
