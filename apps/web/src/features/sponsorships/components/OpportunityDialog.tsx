import { deductibleCents, OPPORTUNITY_STATUSES, type Opportunity, SPONSOR_TIERS } from '@fc/contracts';
import { Checkbox, FormControlLabel, Stack, Typography } from '@mui/material';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDateField } from '../../../components/ui/DateField';
import { FormDialog } from '../../../components/ui/FormDialog';
import { FormTextField, SelectField } from '../../../components/ui/FormFields';
import { moneyAdornment } from '../../../components/ui/moneyAdornment';
import { useToast } from '../../../components/ui/ToastProvider';
import { applyFieldErrors } from '../../../lib/api/forms';
import { amountToCents, useMoney } from '../../../lib/money';
import type { Owner } from '../api/keys';
import { useSaveOpportunity } from '../api/opportunities';
import { BenefitsEditor } from './BenefitsEditor';
import { ALIASES, defaults, FIELDS, type OpportunityValues, toBody } from './opportunityForm';
import { OpportunitySlugField } from './SlugField';

interface Props {
  /** Null: a new opportunity of `owner`. */
  opportunity: Opportunity | null;
  owner: Owner;
  onClose: () => void;
  /** After a save, with the saved opportunity (a new one can then get its image). */
  onSaved?: (o: Opportunity) => void;
}

/** Create or edit an opportunity: dollars typed, cents sent; the deductible part shown as it is typed. */
export function OpportunityDialog({ opportunity: o, owner, onClose, onSaved }: Props) {
  // The currency where the interface language writes it (decision 013): "$" before, or "US$" after.
  const dollars = { input: moneyAdornment() };
  const { t } = useTranslation();
  const toast = useToast();
  const money = useMoney();
  const mutation = useSaveOpportunity(o?.id ?? null);
  const form = useForm<OpportunityValues>({ defaultValues: defaults(o) });
  const errors = form.formState.errors;
  const [price, fmv, unlimited] = useWatch({ control: form.control, name: ['price', 'fairMarketValue', 'unlimited'] });
  const priceCents = amountToCents(price);
  const fmvCents = fmv.trim() === '' ? 0 : amountToCents(fmv);

  const onSubmit = form.handleSubmit((v) => {
    const body = toBody(v, o ? null : owner, form.setError, t);
    if (!body) return;
    mutation.mutate(body, {
      onSuccess: (res) => {
        toast.success(o ? t('sponsorships.opportunity.saved') : t('sponsorships.opportunity.created'));
        onSaved?.(res.data);
        onClose();
      },
      onError: (error) => applyFieldErrors(error, form.setError, FIELDS, ALIASES),
    });
  });

  return (
    <FormDialog
      onClose={onClose}
      onSubmit={onSubmit}
      testId="opportunity-dialog"
      titleId="opportunity-dialog-title"
      title={o ? t('sponsorships.opportunity.editTitle', { name: o.name }) : t('sponsorships.opportunity.newTitle')}
      mutation={mutation}
      errorTestId="opportunity-error"
      submitLabel={o ? t('common.save') : t('sponsorships.opportunity.create')}
      submitTestId="opportunity-submit"
      maxWidth="md"
    >
      <FormTextField
        {...form.register('name')}
        label={t('sponsorships.fields.name')}
        required
        fullWidth
        fieldError={errors.name}
        testId="opportunity-name"
      />
      <OpportunitySlugField control={form.control} exclude={o?.id} current={o?.slug} />
      <FormTextField
        {...form.register('description')}
        label={t('sponsorships.fields.description')}
        fullWidth
        multiline
        minRows={2}
        fieldError={errors.description}
        testId="opportunity-description"
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          {...form.register('price')}
          label={t('sponsorships.fields.price')}
          required
          inputMode="decimal"
          fullWidth
          fieldError={errors.price}
          slotProps={{ ...dollars, htmlInput: { 'data-testid': 'opportunity-price' } }}
        />
        <FormTextField
          {...form.register('fairMarketValue')}
          label={t('sponsorships.fields.fairMarketValue')}
          inputMode="decimal"
          fullWidth
          fieldError={errors.fairMarketValue}
          slotProps={{ ...dollars, htmlInput: { 'data-testid': 'opportunity-fmv' } }}
        />
      </Stack>
      <Typography variant="body2" color="text.secondary" data-testid="opportunity-deductible" aria-live="polite">
        {priceCents !== null && fmvCents !== null
          ? t('sponsorships.opportunity.deductible', { amount: money(deductibleCents(priceCents, fmvCents)) })
          : t('sponsorships.opportunity.deductibleHint')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <FormTextField
          {...form.register('quantity')}
          label={t('sponsorships.fields.quantity')}
          inputMode="numeric"
          disabled={unlimited}
          required={!unlimited}
          fullWidth
          fieldError={errors.quantity}
          testId="opportunity-quantity"
        />
        <Controller
          control={form.control}
          name="unlimited"
          render={({ field }) => (
            <FormControlLabel
              sx={{ minWidth: 160 }}
              control={
                <Checkbox
                  checked={field.value}
                  onChange={(e) => field.onChange(e.target.checked)}
                  slotProps={{ input: { 'data-testid': 'opportunity-unlimited' } as object }}
                />
              }
              label={t('sponsorships.fields.unlimited')}
            />
          )}
        />
      </Stack>
      <BenefitsEditor control={form.control} register={form.register} errors={errors} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Controller
          control={form.control}
          name="tier"
          render={({ field }) => (
            <SelectField
              {...field}
              label={t('sponsorships.fields.tier')}
              fullWidth
              fieldError={errors.tier}
              testId="opportunity-tier"
              options={SPONSOR_TIERS.map((x) => ({ value: x, label: t(`sponsorships.tier.${x}`) }))}
            />
          )}
        />
        <FormTextField
          {...form.register('sortOrder')}
          label={t('sponsorships.fields.sortOrder')}
          inputMode="numeric"
          fullWidth
          fieldError={errors.sortOrder}
          testId="opportunity-sort"
        />
        <Controller
          control={form.control}
          name="status"
          render={({ field }) => (
            <SelectField
              {...field}
              label={t('sponsorships.fields.status')}
              fullWidth
              fieldError={errors.status}
              testId="opportunity-status"
              options={OPPORTUNITY_STATUSES.map((x) => ({ value: x, label: t(`sponsorships.status.${x}`) }))}
            />
          )}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormDateField
          control={form.control}
          name="startsOn"
          label={t('sponsorships.fields.startsOn')}
          fullWidth
          fieldError={errors.startsOn}
          testId="opportunity-starts"
        />
        <FormDateField
          control={form.control}
          name="endsOn"
          label={t('sponsorships.fields.endsOn')}
          fullWidth
          fieldError={errors.endsOn}
          testId="opportunity-ends"
        />
      </Stack>
    </FormDialog>
  );
}
