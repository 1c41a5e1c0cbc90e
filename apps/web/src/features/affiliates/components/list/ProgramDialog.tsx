import { ATTRIBUTION_MODELS, type Program, programBodySchema } from '@fc/contracts';
import { Checkbox, FormControlLabel, InputAdornment, Stack } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../components/ui/FormDialog';
import { FormTextField, SelectField } from '../../../../components/ui/FormFields';
import { moneyAdornment } from '../../../../components/ui/moneyAdornment';
import { useToast } from '../../../../components/ui/ToastProvider';
import { applyFieldErrors } from '../../../../lib/api/forms';
import { amountError, amountInput, parseAmount } from '../../../../lib/money';
import { useSaveProgram } from '../../api/programs';
import { checkBody, orNull, percentToBps } from '../shared/validate';

interface Values {
  name: string;
  description: string;
  giftSharePercent: string;
  teamFlat: string;
  teamQualify: string;
  windowDays: string;
  attribution: (typeof ATTRIBUTION_MODELS)[number];
  minPayout: string;
  dueDays: string;
  terms: string;
  active: boolean;
}
const MONEY = { teamFlat: 'teamFlatCents', teamQualify: 'teamQualifyCents', minPayout: 'minPayoutCents' } as const;
const ALIASES: Record<string, string> = {
  giftShareBps: 'giftSharePercent',
  teamFlatCents: 'teamFlat',
  teamQualifyCents: 'teamQualify',
  minPayoutCents: 'minPayout',
};
const FIELDS = ['name', 'description', 'giftSharePercent', 'teamFlat', 'teamQualify', 'windowDays', 'attribution'];
const ALL_FIELDS = [...FIELDS, 'minPayout', 'dueDays', 'terms'];

/** Create or edit a program (Super Admin): dollars typed, cents sent; a changed terms text is a new version. */
export function ProgramDialog({ program: p, onClose }: { program: Program | null; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const mutation = useSaveProgram(p?.id ?? null);
  const form = useForm<Values>({
    defaultValues: {
      name: p?.name ?? '',
      description: p?.description ?? '',
      giftSharePercent: p ? String(p.giftShareBps / 100) : '',
      teamFlat: p ? amountInput(p.teamFlatCents) : '',
      teamQualify: p ? amountInput(p.teamQualifyCents) : '',
      windowDays: String(p?.windowDays ?? 30),
      attribution: p?.attribution ?? 'last_click',
      minPayout: p ? amountInput(p.minPayoutCents) : '',
      dueDays: String(p?.dueDays ?? 30),
      terms: p?.terms ?? '',
      active: p?.active ?? true,
    },
  });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit((v) => {
    const cents: Record<string, number> = {};
    let bad = false;
    for (const [field, key] of Object.entries(MONEY) as [keyof typeof MONEY, string][]) {
      if (v[field].trim() === '') {
        cents[key] = 0;
        continue;
      }
      const r = parseAmount(v[field]);
      if (r.ok) cents[key] = r.cents;
      else {
        bad = true;
        form.setError(field, { type: 'client', message: amountError(t, r) ?? '' });
      }
    }
    const bps = v.giftSharePercent.trim() === '' ? 0 : percentToBps(v.giftSharePercent);
    if (bps === null) {
      bad = true;
      form.setError('giftSharePercent', { type: 'client', message: t('affiliates.programs.percentInvalid') });
    }
    if (bad) return;
    const body = checkBody(
      programBodySchema,
      {
        name: v.name.trim(),
        description: orNull(v.description),
        giftShareBps: bps,
        ...cents,
        windowDays: Number(v.windowDays),
        attribution: v.attribution,
        dueDays: Number(v.dueDays),
        terms: v.terms.trim(),
        active: v.active,
      },
      form.setError,
      t,
      ALIASES,
    );
    if (!body) return;
    mutation.mutate(body, {
      onSuccess: () => {
        toast.success(p ? t('affiliates.programs.saved') : t('affiliates.programs.created'));
        onClose();
      },
      onError: (error) => applyFieldErrors(error, form.setError, ALL_FIELDS, ALIASES),
    });
  });
  // The currency where the interface language writes it (decision 013): "$" before, or "US$" after.
  const dollars = { input: moneyAdornment() };
  return (
    <FormDialog
      onClose={onClose}
      onSubmit={onSubmit}
      testId="program-dialog"
      titleId="program-dialog-title"
      title={p ? t('affiliates.programs.editTitle', { name: p.name }) : t('affiliates.programs.newTitle')}
      mutation={mutation}
      errorTestId="program-error"
      submitLabel={p ? t('common.save') : t('affiliates.programs.create')}
      submitTestId="program-submit"
      maxWidth="md"
    >
      <FormTextField
        {...form.register('name')}
        label={t('affiliates.fields.programName')}
        required
        fullWidth
        fieldError={errors.name}
        testId="program-name"
      />
      <FormTextField
        {...form.register('description')}
        label={t('affiliates.fields.description')}
        fullWidth
        multiline
        minRows={2}
        fieldError={errors.description}
        testId="program-description"
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          {...form.register('giftSharePercent')}
          label={t('affiliates.fields.giftShare')}
          inputMode="decimal"
          fullWidth
          fieldError={errors.giftSharePercent}
          slotProps={{ input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } }}
          testId="program-gift-share"
        />
        <FormTextField
          {...form.register('teamFlat')}
          label={t('affiliates.fields.teamFlat')}
          inputMode="decimal"
          fullWidth
          fieldError={errors.teamFlat}
          slotProps={dollars}
          testId="program-team-flat"
        />
        <FormTextField
          {...form.register('teamQualify')}
          label={t('affiliates.fields.teamQualify')}
          inputMode="decimal"
          fullWidth
          fieldError={errors.teamQualify}
          slotProps={dollars}
          testId="program-team-qualify"
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          {...form.register('windowDays')}
          label={t('affiliates.fields.windowDays')}
          type="number"
          fullWidth
          fieldError={errors.windowDays}
          testId="program-window"
        />
        <SelectField
          label={t('affiliates.fields.attribution')}
          value={form.watch('attribution')}
          onChange={(e) => form.setValue('attribution', e.target.value as Values['attribution'])}
          options={ATTRIBUTION_MODELS.map((m) => ({ value: m, label: t(`affiliates.attribution.${m}`) }))}
          fullWidth
          testId="program-attribution"
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          {...form.register('minPayout')}
          label={t('affiliates.fields.minPayout')}
          inputMode="decimal"
          fullWidth
          fieldError={errors.minPayout}
          slotProps={dollars}
          testId="program-min-payout"
        />
        <FormTextField
          {...form.register('dueDays')}
          label={t('affiliates.fields.dueDays')}
          type="number"
          fullWidth
          fieldError={errors.dueDays}
          testId="program-due-days"
        />
      </Stack>
      <FormTextField
        {...form.register('terms')}
        label={t('affiliates.fields.terms')}
        required
        fullWidth
        multiline
        minRows={4}
        fieldError={errors.terms}
        testId="program-terms"
      />
      <FormControlLabel
        control={
          <Checkbox
            {...form.register('active')}
            defaultChecked={p?.active ?? true}
            slotProps={{ input: { 'data-testid': 'program-active' } as object }}
          />
        }
        label={t('affiliates.programs.activeLabel')}
      />
    </FormDialog>
  );
}
